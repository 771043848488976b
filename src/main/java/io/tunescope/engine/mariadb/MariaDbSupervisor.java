package io.tunescope.engine.mariadb;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The parent of a private {@code mariadbd}: a small shell that starts the server in the background, says its pid,
 * and then reads its stdin, a pipe from this JVM. A line means a normal stop: the shell sends SIGTERM (MariaDB's
 * normal shutdown), waits for the server and exits. End of file means this JVM died, even by {@code kill -9}: the
 * shell kills the server at once (its data is thrown away anyway). The server stays the shell's child until reaped,
 * so its pid cannot be reused by another process while the shell may still signal it. The command is the shell's
 * positional parameters, never script text; no password is involved.
 */
final class MariaDbSupervisor implements AutoCloseable {
    static final String SCRIPT = "trap '' INT HUP\n"
            + "\"$@\" </dev/null >/dev/null 2>&1 &\n"
            + "server=$!\n"
            + "echo \"$server\"\n"
            + "exec >/dev/null\n"
            + "if read -r _; then kill -TERM \"$server\" 2>/dev/null; wait \"$server\"; exit 0; fi\n"
            + "kill -KILL \"$server\" 2>/dev/null\n";

    private final Process shell;
    private final long serverPid;
    /** The server's start time: a pid alone could be another process's once the server is gone and reaped. */
    private final Optional<Instant> serverStart;

    private MariaDbSupervisor(Process shell, long serverPid) {
        this.shell = shell;
        this.serverPid = serverPid;
        this.serverStart = ProcessHandle.of(serverPid).flatMap(p -> p.info().startInstant());
    }

    /** Starts {@code command} (the server, maybe behind taskset) under a supervisor; its errors go to {@code log}. */
    static MariaDbSupervisor start(List<String> command, Path log) throws IOException {
        List<String> all = new ArrayList<>(List.of("/bin/sh", "-c", SCRIPT, "tunescope-mariadb"));
        all.addAll(command);
        Process p = new ProcessBuilder(all).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        String first;
        try {
            first = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        } catch (IOException e) {
            first = null;
        }
        try {
            return new MariaDbSupervisor(p, Long.parseLong(first == null ? "" : first.trim()));
        } catch (NumberFormatException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new IOException("the supervisor of MariaDB did not start the server (said " + first + "); see " + log);
        }
    }

    long serverPid() {
        return serverPid;
    }

    /** The supervisor's shell: tests check it is gone after {@link #close()}. */
    ProcessHandle handle() {
        return shell.toHandle();
    }

    /**
     * Stops the server normally within {@code grace}, then kills what is left. An interrupted wait kills at once and
     * keeps the interrupt flag.
     */
    void stop(Duration grace) {
        try (OutputStream in = shell.getOutputStream()) {
            in.write('\n');
        } catch (IOException e) {
            // the shell is gone already; the kill below makes sure of the server
        }
        boolean exited;
        try {
            exited = shell.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exited = false;
        }
        if (!exited) {
            shell.destroyForcibly();
        }
        // a shell that was killed itself left the server to init: it is stopped from here, normally if it can be
        long graceMillis = exited ? grace.toMillis() : 0;
        ourServer().ifPresent(server -> {
            server.destroy();
            try {
                server.onExit().get(graceMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // still running after the grace: killed below
            }
            server.destroyForcibly();
        });
    }

    /** The server while it runs: the process with its pid and its start time. */
    private Optional<ProcessHandle> ourServer() {
        return ProcessHandle.of(serverPid).filter(ProcessHandle::isAlive)
                .filter(p -> serverStart.isPresent() && p.info().startInstant().equals(serverStart));
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(60));
    }
}
