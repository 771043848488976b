package io.tunescope.shop.proxy;

import io.tunescope.engine.ProcessGroup;
import io.tunescope.engine.Processes;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A proxy server process that dies with this JVM, with every process it forked. A small shell started by this JVM
 * runs the server in a session of its own and holds a pipe from this JVM: its end of file (this JVM died, even by
 * {@code kill -9}) makes the shell stop the server's whole process group (SIGTERM, then SIGKILL after 5 s). {@link
 * #close()} stops the group from this JVM ({@link ProcessGroup#stop}) and tells the shell, which then has nothing left
 * to do. The idea of engine/postgres/PostmasterWatcher.
 */
final class ProcessGroupWatcher implements AutoCloseable {
    /**
     * Ignores SIGINT, SIGHUP and SIGTERM (a Ctrl-C or a SIGTERM to this JVM's process group must not end it: the pipe
     * is what counts), starts the command in a session of its own (so its pid is its process group) with SIGTERM's
     * default action back, says its pid, waits for a line or end of file on stdin, then stops the group: SIGTERM,
     * then, once the first process has exited or after 5 s, SIGKILL to what is left of the group. Until the shell
     * reaps its first process (the last {@code wait}), that zombie keeps the group's id from being given to another
     * process, so the SIGKILL reaches only the server's processes. When the pipe ends without a line (this JVM died)
     * it also removes the directory given (if any), which only this JVM would have cleaned up. Arguments: the log
     * file, that directory or an empty string, then the command.
     */
    static final String SCRIPT = "trap '' INT HUP TERM\n"
            + "log=\"$1\"\nremove=\"$2\"\nshift 2\n"
            + "(trap - TERM; exec setsid \"$@\" </dev/null >/dev/null 2>>\"$log\") &\n"
            + "pid=$!\n"
            + "echo \"$pid\"\n"
            + "exec >/dev/null\n"
            + "died=0\n"
            + "read -r _ || died=1\n"
            + "kill -TERM -\"$pid\" 2>/dev/null\n"
            + "n=0\n"
            + "while [ \"$n\" -lt 50 ]; do\n"
            + "  stat=''; read -r stat 2>/dev/null < /proc/\"$pid\"/stat\n"
            + "  case \"$stat\" in ''|*') Z '*) break ;; esac\n"
            + "  sleep 0.1; n=$((n+1))\n"
            + "done\n"
            + "kill -KILL -\"$pid\" 2>/dev/null\n"
            + "wait\n"
            + "if [ \"$died\" = 1 ] && [ -n \"$remove\" ]; then rm -rf \"$remove\"; fi\n";

    /** How long the server's processes get after SIGTERM, then after SIGKILL, to be gone. */
    private static final Duration TERM_GRACE = Duration.ofSeconds(5);
    private static final Duration KILL_GRACE = Duration.ofSeconds(5);

    private final Process watcher;
    private final ProcessGroup group;

    private ProcessGroupWatcher(Process watcher, ProcessGroup group) {
        this.watcher = watcher;
        this.group = group;
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
            // every process of the group started after the watcher, which is running: its start time bounds them
            return new ProcessGroupWatcher(watcher, ProcessGroup.startedBy(Long.parseLong(String.valueOf(first).trim()),
                    watcher.pid()));
        } catch (IOException | RuntimeException e) {
            watcher.destroyForcibly();
            throw new IOException("the " + name + " watcher did not start (see " + log + ")", e);
        }
    }

    /** The server's first process (the leader of its process group). */
    long pid() {
        return group.id();
    }

    /**
     * Whether the server's first process runs. A killed one stays a zombie, which {@link ProcessHandle#isAlive()}
     * counts as alive, until the watcher reaps it at {@link #close()}; its process group (nginx's workers) may serve
     * on meanwhile, but a server whose master is gone is no longer the one this watcher started.
     */
    boolean isAlive() {
        return Processes.isRunning(group.id());
    }

    /**
     * Stops the server's whole process group from here (SIGTERM, then SIGKILL; {@link ProcessGroup#stop}) and waits
     * until no process of it runs (at most 5 s after SIGTERM and 5 s after SIGKILL), then has the watcher exit. The
     * group, not the first process's children, is what is stopped: a master killed alone leaves its workers in it,
     * and a master whose workers are killed one by one forks new ones before its own end. An interrupt (a run
     * stopped by a signal closes with its thread interrupted) does not cut the stop short; the flag is kept.
     */
    @Override
    public void close() {
        boolean interrupted = Thread.interrupted();
        try (OutputStream in = watcher.getOutputStream()) {
            in.write('\n');
        } catch (IOException e) {
            // the watcher is gone or reads end of file: the group is stopped from here either way
        }
        try {
            group.stop(TERM_GRACE, KILL_GRACE);
            interrupted |= Thread.interrupted();
            // the group is gone: the watcher has only its master to reap, and exits
            long deadline = System.nanoTime() + TERM_GRACE.toNanos();
            while (watcher.isAlive() && System.nanoTime() < deadline) {
                try {
                    watcher.waitFor(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            watcher.destroyForcibly();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
