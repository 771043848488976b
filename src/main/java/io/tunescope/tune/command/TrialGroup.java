package io.tunescope.tune.command;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Starts a trial's command in its own session and process group, so that the whole tree it starts dies with the
 * tuner even when the tuner is killed with SIGKILL (no Java code runs then). util-linux {@code setsid} makes the
 * wrapper {@code sh} the leader of a new group; the wrapper starts a watcher that reads the standard input pipe from
 * this JVM, which the JVM never writes. When the JVM dies (or closes the pipe) the watcher reads end of file and
 * sends SIGKILL to its whole group ({@code kill -KILL 0}). The command runs in the foreground of the wrapper with
 * the same standard input, output, error, directory and environment; its argv goes in as positional parameters
 * ({@code "$@"}), never into the script text, and run with {@code exec} (a program, never a shell builtin); the
 * wrapper's exit status is the command's.
 */
final class TrialGroup {
    /**
     * The wrapper: fd 3 keeps the JVM's pipe for the watcher (an asynchronous list's stdin is /dev/null); fd 4 keeps
     * standard error for the command, while the wrapper's own messages (dash's "Terminated") are dropped.
     */
    static final String WRAPPER = "exec 3<&0 4>&2 2>/dev/null\n"
            + "(while read -r _ <&3; do :; done; kill -KILL 0) >/dev/null &\n"
            + "(exec \"$@\" 2>&4 4>&-) 3<&-\n";
    private static final List<Path> SETSID = List.of(Path.of("/usr/bin/setsid"), Path.of("/bin/setsid"));

    private TrialGroup() {
    }

    /** The command line that runs {@code command} under the wrapper, or the command itself without setsid. */
    static List<String> wrap(List<String> command) {
        Optional<Path> setsid = SETSID.stream().filter(Files::isExecutable).findFirst();
        if (setsid.isEmpty()) {
            return command;
        }
        List<String> cmd = new ArrayList<>(List.of(setsid.get().toString(), "-w", "/bin/sh", "-c", WRAPPER,
                "tunescope-trial"));
        cmd.addAll(command);
        return cmd;
    }

    /**
     * Why the program cannot start, as {@link ProcessBuilder#start()} would have said before the wrapper (which
     * itself always starts), or empty when it can.
     */
    static Optional<String> cannotStart(String program, Path directory, String path) {
        if (program.contains("/")) {
            Path p = directory.resolve(program);
            return Files.isRegularFile(p) && Files.isExecutable(p) ? Optional.empty()
                    : Optional.of(program + ": no such executable file (in directory " + directory + ")");
        }
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir).resolve(program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.empty();
            }
        }
        return Optional.of(program + ": not found on PATH");
    }

    /**
     * Kills the trial's whole group: closing the pipe makes the watcher kill the group (also what the command
     * started and left, even outside its tree); the descendants are then killed directly, in case there is no
     * watcher (no setsid) or it is gone.
     */
    static void kill(Process p) {
        closePipe(p);
        try {
            p.waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Closes the watcher's pipe after a normal end: what the command left running in its group is killed. */
    static void closePipe(Process p) {
        try {
            p.getOutputStream().close();
        } catch (IOException e) {
            // the pipe is already broken: the watcher has read end of file
        }
    }
}
