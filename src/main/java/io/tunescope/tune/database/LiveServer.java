package io.tunescope.tune.database;

import io.tunescope.engine.ServerHomes;
import io.tunescope.engine.SqlDialect;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.engine.postgres.LiveSettings;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresFiles;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.RecordedProcess;
import io.tunescope.workload.tpch.LoadMethod;
import io.tunescope.workload.tpch.TpchLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one private PostgreSQL of a tuning session with {@code target.server: persistent}: started at the first trial
 * in the session's {@code live-postgres/} directory (loopback, a free port, a random password in memory, a watcher
 * that stops it when the tuner dies, even by {@code kill -9}), TPC-H loaded into it once by the same loader the
 * tenants use and settled ({@code VACUUM (FREEZE, ANALYZE)}), and each trial's configuration applied live by {@link LiveSettings}. {@link #close()} stops it; a
 * resumed session starts a fresh one (the data directory of the killed one is replaced).
 */
final class LiveServer implements AutoCloseable {
    /** Hint bits, visibility map and statistics set once after the load, so that no trial pays for them. */
    private static final String SETTLE = "VACUUM (FREEZE, ANALYZE)";
    private final DatabaseTargetSpec spec;
    private final KnobCatalog catalog;
    private final Path baseDir;
    private PostgresServer server;
    private LiveSettings settings;

    LiveServer(DatabaseTargetSpec spec, KnobCatalog catalog, Path baseDir) {
        this.spec = spec;
        this.catalog = catalog;
        this.baseDir = baseDir;
    }

    /** The server, started and loaded on first use. */
    synchronized PostgresServer server() throws IOException, InterruptedException, SQLException {
        if (server == null) {
            start();
        }
        return server;
    }

    /**
     * Starts and loads the server on first use, and brings it back (last good configuration) when it died since the
     * last trial; an unchecked failure when it cannot (the session cannot go on).
     */
    void ensureStarted() throws InterruptedException {
        synchronized (this) {
            if (server != null && !server.isRunning()) {
                System.err.println("tunescope: the persistent PostgreSQL is down; starting it with the last good "
                        + "configuration");
                restore();
                return;
            }
        }
        try {
            server();
        } catch (IOException | SQLException e) {
            throw new IllegalStateException("the persistent PostgreSQL could not be started and loaded: "
                    + e.getMessage(), e);
        }
    }

    /** The live settings of the server (started and loaded on first use). */
    synchronized LiveSettings settings() throws IOException, InterruptedException, SQLException {
        server();
        return settings;
    }

    /** The server, if it was started (tests read its pid and settings). */
    synchronized Optional<PostgresServer> started() {
        return Optional.ofNullable(server);
    }

    /** Marks the configuration now running as the last good one (its trial was measured without fault). */
    synchronized void markGood() {
        if (settings != null) {
            settings.markGood();
        }
    }

    synchronized String jdbcUrl() {
        return requireStarted().jdbcUrl();
    }

    synchronized String user() {
        return requireStarted().user();
    }

    /** The server's password, in memory only (passed to the tenant agents through their environment). */
    synchronized String password() {
        return requireStarted().password();
    }

    private PostgresServer requireStarted() {
        if (server == null) {
            throw new IllegalStateException("the persistent PostgreSQL is not started");
        }
        return server;
    }

    /**
     * Applies {@code engineSettings}; null when they are in effect, else why not (the server then waits for
     * {@link #restore}).
     */
    String apply(Map<String, Object> engineSettings) throws InterruptedException {
        try {
            settings().apply(engineSettings);
            return null;
        } catch (SQLException | IOException | RuntimeException e) {
            return e.getMessage();
        }
    }

    /** Brings the server back to the last good configuration; an unchecked failure when even that fails. */
    void restore() throws InterruptedException {
        try {
            settings().restoreLastGood();
        } catch (SQLException | IOException | RuntimeException e) {
            throw new IllegalStateException("the persistent PostgreSQL could not be brought back to the last good "
                    + "configuration " + (settings == null ? "{}" : settings.lastGood()) + ": " + e.getMessage(), e);
        }
    }

    private void start() throws IOException, InterruptedException, SQLException {
        Path data = baseDir.resolve("pgdata");
        if (Files.exists(data)) {
            refuseIfStillRunning(data);
            ServerHomes.deleteRecursively(data);   // a killed session's server, stopped by its watcher
        }
        Files.createDirectories(baseDir);
        PostgresServer started = PostgresServer.start(PostgresBinaries.locate(spec.pgBin()), baseDir, null,
                List.of());
        try {
            System.err.println("tunescope: persistent PostgreSQL (pid " + started.pid() + ") in " + baseDir
                    + ": loading TPC-H SF " + spec.scaleFactor() + " once for the whole session");
            long t0 = System.nanoTime();
            TpchLoader loader = new TpchLoader(started::connect, SqlDialect.POSTGRES,
                    LoadMethod.forUrl(SqlDialect.POSTGRES, started.jdbcUrl()),
                    Runtime.getRuntime().availableProcessors(), TpchLoader.namedThreads("live-load"));
            TpchLoader.LoadReport report = loader.load(spec.scaleFactor(), rows -> { });
            // the first scans of freshly loaded tables set every tuple's hint bits (writing each page): without
            // this the first trial, the default configuration, would pay for them alone
            try (Connection c = started.connect(); Statement s = c.createStatement()) {
                s.execute(SETTLE);
            }
            System.err.println("tunescope: loaded " + report.rows() + " rows in "
                    + (System.nanoTime() - t0) / 1_000_000 + " ms (keys, VACUUM FREEZE and ANALYZE included)");
        } catch (InterruptedException | SQLException | RuntimeException e) {
            try {
                started.close();
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        server = started;
        settings = new LiveSettings(started, catalog);
    }

    /** A data directory whose postmaster still runs is not ours to delete under it. */
    private static void refuseIfStillRunning(Path data) throws IOException {
        Optional<Long> pid = PostgresFiles.postmasterPid(data);
        // a pid whose command line does not name the directory was reused: that server is gone
        if (pid.isPresent() && RecordedProcess.runningWhoseCommandLineContains(pid.get(),
                data.toAbsolutePath().toString()).isPresent()) {
            throw new IOException("a PostgreSQL server (pid " + pid.get() + ") still runs on " + data
                    + "; stop it before resuming");
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (server != null) {
            try {
                server.close();
            } finally {
                server.deleteData();
                server = null;
            }
        }
    }
}
