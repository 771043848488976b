package io.tunescope.shop.proxy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A proxy server process that dies with this JVM. A small shell started by this JVM runs the server in a session of
 * its own and holds a pipe from this JVM: a line on it ({@link #close()}) or its end of file (this JVM died, even by
 * {@code kill -9}) makes the shell stop the server's whole process group (SIGTERM, then SIGKILL after 5 s). The idea
 * of engine/postgres/PostmasterWatcher.
 */
final class ProcessGroupWatcher implements AutoCloseable {
    /**
     * Ignores the terminal's SIGINT/SIGHUP (the pipe is what counts), starts the command in a session of its own (so
     * its pid is its process group), says its pid, waits for a line or end of file on stdin, then stops the group.
     * When the pipe ends without a line (this JVM died) it also removes the directory given (if any), which only this
     * JVM would have cleaned up. Arguments: the log file, that directory or an empty string, then the command.
     */
    static final String SCRIPT = "trap '' INT HUP\n"
            + "log=\"$1\"\nremove=\"$2\"\nshift 2\n"
            + "setsid \"$@\" </dev/null >/dev/null 2>>\"$log\" &\n"
            + "pid=$!\n"
            + "echo \"$pid\"\n"
            + "exec >/dev/null\n"
            + "died=0\n"
            + "read -r _ || died=1\n"
            + "kill -TERM -\"$pid\" 2>/dev/null\n"
            + "n=0\n"
            + "while kill -0 -\"$pid\" 2>/dev/null && [ \"$n\" -lt 50 ]; do sleep 0.1; n=$((n+1)); done\n"
            + "kill -KILL -\"$pid\" 2>/dev/null\n"
            + "wait\n"
            + "if [ \"$died\" = 1 ] && [ -n \"$remove\" ]; then rm -rf \"$remove\"; fi\n";

    private final Process watcher;
    private final long pid;
    private final String binaryName;

    private ProcessGroupWatcher(Process watcher, long pid, String binaryName) {
        this.watcher = watcher;
        this.pid = pid;
        this.binaryName = binaryName;
    }

    /**
     * Starts {@code command} (its first element the server binary) under a watcher; its stderr goes to {@code log};
     * {@code removeIfOrphaned} (null: none) is removed when this JVM dies without closing it.
     */
    static ProcessGroupWatcher start(String name, List<String> command, Path log, Path removeIfOrphaned)
            throws IOException {
        List<String> argv = new ArrayList<>(List.of("/bin/sh", "-c", SCRIPT, "tunescope-" + name + "-watcher",
                log.toAbsolutePath().toString(), removeIfOrphaned == null ? "" : removeIfOrphaned.toString()));
        argv.addAll(command);
        Process watcher = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        try {
            String first = new BufferedReader(new InputStreamReader(watcher.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            return new ProcessGroupWatcher(watcher, Long.parseLong(String.valueOf(first).trim()),
                    Path.of(command.get(0)).getFileName().toString());
        } catch (IOException | NumberFormatException e) {
            watcher.destroyForcibly();
            throw new IOException("the " + name + " watcher did not start (see " + log + ")", e);
        }
    }

    /** The server's first process (the leader of its process group). */
    long pid() {
        return pid;
    }

    boolean isAlive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Has the watcher stop the server, and waits for that (at most 10 s). */
    @Override
    public void close() {
        try (OutputStream in = watcher.getOutputStream()) {
            in.write('\n');
        } catch (IOException e) {
            // the watcher is gone or reads end of file: it stops the server either way
        }
        try {
            if (!watcher.waitFor(10, TimeUnit.SECONDS)) {
                watcher.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            watcher.destroyForcibly();
        }
        // the watcher could not stop it (killed, or too slow): only a process that is still this server
        ProcessHandle.of(pid).filter(p -> p.info().commandLine().orElse("").contains(binaryName)).ifPresent(p -> {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        });
    }
}
