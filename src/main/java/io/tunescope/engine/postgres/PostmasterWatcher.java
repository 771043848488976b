package io.tunescope.engine.postgres;

import io.tunescope.engine.CommandRunner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Stops a private PostgreSQL when the JVM that started it dies, even by {@code kill -9}: pg_ctl daemonizes the
 * postmaster, so nothing else would. A small shell, run as the server's user, reads the stdin pipe from this JVM, which
 * the JVM writes only on a normal {@link #close()}. End of file on that pipe means the JVM is gone: the shell then
 * runs {@code pg_ctl -m immediate -w stop}. pg_ctl's path and the data directory are the shell's positional
 * parameters, never part of the script text; no password is involved (pg_ctl stop signals the postmaster).
 * The same idea as the trial watcher of {@code TrialGroup} and the tenant agents' control channel.
 */
final class PostmasterWatcher implements AutoCloseable {
    /**
     * Says {@code ready} once it runs (the JVM waits for it, so a watcher that cannot start fails the server's start),
     * ignores the terminal's SIGINT/SIGHUP (a Ctrl-C reaches the whole foreground group; the pipe's end of file is
     * what counts), then waits: a line read means a normal close (exit); end of file means the JVM died (stop).
     */
    static final String SCRIPT = "trap '' INT HUP\n"
            + "echo ready\n"
            + "exec >/dev/null\n"
            + "if read -r _; then exit 0; fi\n"
            + "exec \"$1\" -D \"$2\" -m immediate -w stop\n";

    private final Process process;

    private PostmasterWatcher(Process process) {
        this.process = process;
    }

    /**
     * Starts the watcher for the cluster in {@code dataDir}, as the server's user ({@code asUser}, a runuser prefix or
     * empty), its errors appended to {@code log}. Throws when it does not say it is ready.
     */
    static PostmasterWatcher start(List<String> asUser, Path pgCtl, Path dataDir, Path log) throws IOException {
        Process p = new ProcessBuilder(CommandRunner.concat(asUser, List.of("/bin/sh", "-c", SCRIPT,
                "tunescope-pg-watcher", pgCtl.toString(), dataDir.toString())))
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        PostmasterWatcher watcher = new PostmasterWatcher(p);
        String first;
        try {
            first = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        } catch (IOException e) {
            first = null;
        }
        if (!"ready".equals(first)) {
            watcher.kill();
            throw new IOException("the watcher that stops PostgreSQL if this JVM dies did not start; see " + log);
        }
        return watcher;
    }

    /** The watcher's process (the runuser or shell this JVM started). */
    ProcessHandle handle() {
        return process.toHandle();
    }

    /** After the server was stopped: tells the watcher to exit without stopping anything, and waits for it. */
    @Override
    public void close() {
        try (OutputStream in = process.getOutputStream()) {
            in.write('\n');
        } catch (IOException e) {
            // the watcher is gone already (or reading end of file, which stops a server that is stopped)
        }
        boolean exited;
        try {
            exited = process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exited = false;
        }
        if (!exited) {
            kill();
        }
    }

    private void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.getInputStream().close();
        } catch (IOException e) {
            // nothing to release
        }
    }
}
