package io.tunescope.engine.postgres;

import io.tunescope.engine.CommandRunner;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a copied data directory needs before its server listens: its own password, set in single-user mode (no
 * connection is accepted meanwhile, so the prepared copy's former password, which it does not keep anyway, could
 * never be tried), and the checks that a directory was stopped cleanly and which server version it is for.
 */
final class PostgresDataDir {
    private static final Duration SINGLE_USER_TIMEOUT = Duration.ofSeconds(60);
    private static final String CONFIG_MARKER =
            "# added by tunescope: a private benchmark instance, reachable from this machine only";

    private PostgresDataDir() {
    }

    /**
     * Appends tunescope's block to {@code dataDir/postgresql.conf}: loopback TCP only, no Unix-domain socket (its
     * path must fit in 107 bytes, which a data directory deep in a plan's cells does not: every cell of
     * examples/hana-study-sf1-postgres.yaml with two tenants failed to start that way), durability off (not what is measured), then {@code settings}. A copied cluster carries the block of
     * the server that prepared it; this server's block replaces it.
     */
    static void configure(Path dataDir, List<String> settings) throws IOException {
        Path conf = dataDir.resolve("postgresql.conf");
        List<String> kept = new ArrayList<>(Files.readAllLines(conf, StandardCharsets.UTF_8));
        int earlier = kept.indexOf(CONFIG_MARKER);
        if (earlier >= 0) {
            kept.subList(earlier, kept.size()).clear();
        }
        kept.addAll(List.of(CONFIG_MARKER,
                "listen_addresses = '127.0.0.1'",
                "unix_socket_directories = ''",
                "fsync = off", "synchronous_commit = off", "full_page_writes = off",
                "max_wal_size = '8GB'", "checkpoint_timeout = '30min'", "max_connections = 200"));
        kept.addAll(settings);
        Files.write(conf, kept, StandardCharsets.UTF_8);
    }

    /**
     * Sets {@link PostgresServer#DB_USER}'s password in {@code dataDir} through single-user mode, the statement on the
     * backend's stdin (never on a command line), with error statements kept out of its output.
     */
    static void setPassword(List<String> asUser, PostgresBinaries binaries, Path dataDir, String password)
            throws IOException, InterruptedException {
        List<String> command = CommandRunner.concat(asUser, List.of(binaries.postgres().toString(), "--single",
                "-D", dataDir.toString(), "-c", "log_min_error_statement=panic", "-c", "log_statement=none",
                "-c", "listen_addresses=", "postgres"));
        Path log = Files.createTempFile("tunescope-single", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                    .start();
            try (OutputStream stdin = process.getOutputStream()) {
                // safe to quote: ServerHomes.newPassword() is base64url, with no quote or backslash in it
                stdin.write(("ALTER ROLE " + PostgresServer.DB_USER + " PASSWORD '" + password + "'\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            boolean exited;
            try {
                exited = process.waitFor(SINGLE_USER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } finally {
                if (process.isAlive()) {
                    process.destroyForcibly();   // timed out, or this thread was interrupted while it waited
                }
            }
            if (!exited) {
                process.waitFor();
                throw new IOException("setting the copied cluster's password timed out after " + SINGLE_USER_TIMEOUT);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8).replace(password, "***");
            if (process.exitValue() != 0 || output.contains("ERROR:") || output.contains("FATAL:")) {
                throw new IOException("setting the copied cluster's password failed (exit " + process.exitValue()
                        + "): " + new CommandRunner.Outcome(process.exitValue(), output).tail());
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** Whether {@code dataDir}'s control file says it was shut down cleanly (a copy of it then needs no recovery). */
    static boolean cleanlyStopped(PostgresBinaries binaries, Path dataDir) throws IOException, InterruptedException {
        CommandRunner.Outcome control = CommandRunner.run(List.of(binaries.pgControldata().toString(),
                dataDir.toString()), Duration.ofSeconds(30));
        return control.ok() && control.output().lines()
                .anyMatch(l -> l.startsWith("Database cluster state:") && l.endsWith("shut down"));
    }

    /** The server's version line ({@code postgres (PostgreSQL) 15.18 ...}): part of a prepared copy's version key. */
    static String version(PostgresBinaries binaries) throws IOException, InterruptedException {
        CommandRunner.Outcome version = CommandRunner.run(List.of(binaries.postgres().toString(), "--version"),
                Duration.ofSeconds(30));
        if (!version.ok()) {
            throw new IOException("cannot tell the PostgreSQL version of " + binaries.postgres() + ": "
                    + version.tail());
        }
        return version.output().strip();
    }
}
