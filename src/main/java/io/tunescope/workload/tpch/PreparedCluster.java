package io.tunescope.workload.tpch;

import io.tunescope.engine.CommandRunner;
import io.tunescope.engine.PrivateServer;
import io.tunescope.engine.ServerDataCopy;
import io.tunescope.engine.ServerHomes;
import io.tunescope.engine.SqlDialect;
import io.tunescope.engine.server.PrivateServers;
import io.tunescope.store.DataCache;
import io.tunescope.store.PreparedManifest;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Load once, reuse everywhere, for private servers (PostgreSQL): one data directory per server version and scale
 * factor in the {@link DataCache}, loaded, keyed, vacuumed and analysed once by a server of its own, stopped cleanly,
 * without any password, and checked against the generator's row counts. Each tenant's server then starts on a full
 * copy of it ({@link #copy}: {@code cp -a}, never hard links, since the server rewrites its files in place) with its
 * own password, port and settings, and checks its rows ({@link ClusterRows#check}). A copy whose files differ from the
 * manifest, or that was built under another version key, is built again; one process builds while others wait on the
 * cache's lock, and copies are taken under the same lock, so a rebuild never pulls a directory from under a copy.
 */
public final class PreparedCluster {
    /** Bump when the way a copy is built changes in a way the key would not see. */
    static final String FORMAT = "tpch-cluster-2";
    static final String EXTENSION = "pgdata";
    /**
     * The building server's own settings (its configuration block is replaced in every copy): little WAL to copy,
     * no autovacuum racing the load's own VACUUM.
     */
    public static final List<String> BUILD_SETTINGS = List.of("wal_level = minimal", "max_wal_senders = 0",
            "min_wal_size = '32MB'", "max_wal_size = '64MB'", "autovacuum = off");
    private static final Duration COPY_TIMEOUT = Duration.ofMinutes(10);

    /** A prepared data directory ready to copy, whether this call built it, and how long checking or building took. */
    public record Result(Path dataDir, PreparedManifest manifest, boolean built, long millis) {
    }

    private PreparedCluster() {
    }

    /**
     * Returns the prepared data directory of {@code engine}'s servers at {@code scaleFactor}, building it first with a
     * server from {@code launcher} when there is no valid one. Several processes may call this at once: one builds
     * while the others wait on the cache's lock file.
     */
    public static Result ensure(DataCache cache, String engine, SqlDialect dialect, PrivateServers.Launcher launcher,
                                double scaleFactor, int loadThreads, LongConsumer rowsDone)
            throws IOException, SQLException, InterruptedException {
        TpchLoader.checkScaleFactor(scaleFactor);
        long start = System.nanoTime();
        String key = versionKey(scaleFactor, launcher.version(), dialect);
        Path dir = cache.copy(engine, scaleFactor, key, EXTENSION);
        cache.create();
        synchronized (PreparedCluster.class) {
            try (FileChannel channel = FileChannel.open(cache.lock(engine, scaleFactor), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
                assert lock.isValid();
                PreparedManifest manifest = validCopy(cache, dir, key);
                boolean built = manifest == null;
                if (built) {
                    removeStale(cache, engine, scaleFactor);
                    manifest = new ClusterBuild(cache, dir, key, engine, dialect).build(launcher, scaleFactor,
                            loadThreads, rowsDone);
                }
                return new Result(dir, manifest, built, (System.nanoTime() - start) / 1_000_000);
            }
        }
    }

    /** The key of a prepared data directory: the DuckDB key's inputs, this format, the build settings. */
    static String versionKey(double scaleFactor, String serverVersion, SqlDialect dialect) {
        return PreparedTpch.versionKey(FORMAT + String.join(";", BUILD_SETTINGS), scaleFactor, serverVersion, dialect);
    }

    /**
     * The manifest of {@code dir} when it has {@code key}, the generator's tables, and exactly the files it lists
     * (paths and bytes under {@code base/}); else null, saying why on stderr.
     */
    static PreparedManifest validCopy(DataCache cache, Path dir, String key) {
        return ClusterFiles.validManifest(dir, cache.manifest(dir), key, ClusterRows.tableNames(), "TPC-H");
    }

    /**
     * A copy of the prepared directory for one server's data directory, taken under the cache's lock and checked
     * against the manifest's files; fails, naming the cache, when the prepared directory changed since
     * {@link #ensure} returned it.
     */
    public static ServerDataCopy copy(DataCache cache, Result prepared) {
        PreparedManifest manifest = prepared.manifest();
        return target -> ClusterFiles.copyLocked(PreparedCluster.class,
                cache.lock(manifest.engine(), manifest.scaleFactor()), prepared.dataDir(), target,
                () -> validCopy(cache, prepared.dataDir(), manifest.key()) != null, manifest);
    }

    /** {@code cp -a}: owners and modes kept, holes kept, reflinks where the file system has them (else full copies). */
    public static void copyTree(Path source, Path target) throws IOException, InterruptedException {
        CommandRunner.Outcome cp = CommandRunner.run(List.of("cp", "-a", "--reflink=auto", "--sparse=always",
                source.toString(), target.toString()), COPY_TIMEOUT);
        if (!cp.ok()) {
            throw new IOException("cannot copy " + source + " to " + target + ": " + cp.tail());
        }
    }

    /** Removes every earlier version of this engine's directory at this scale factor (and its manifest). */
    private static void removeStale(DataCache cache, String engine, double scaleFactor) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(cache.tpch(),
                cache.prefix(engine, scaleFactor) + "*")) {
            for (Path f : files) {
                if (!f.equals(cache.lock(engine, scaleFactor))) {
                    ServerHomes.deleteRecursively(f);
                }
            }
        }
    }

    /** One build of a prepared data directory: a server of its own, loaded, vacuumed, stopped cleanly, moved in. */
    private record ClusterBuild(DataCache cache, Path dir, String key, String engine, SqlDialect dialect) {
        PreparedManifest build(PrivateServers.Launcher launcher, double scaleFactor, int loadThreads,
                               LongConsumer rowsDone) throws IOException, SQLException, InterruptedException {
            long start = System.nanoTime();
            Path building = cache.building(dir);
            ServerHomes.deleteRecursively(building);
            Map<String, Long> rows;
            try (PrivateServer server = launcher.start(building, null, BUILD_SETTINGS)) {
                TpchLoader loader = new TpchLoader(() -> DriverManager.getConnection(server.jdbcUrl(), server.user(),
                        server.password()), dialect, LoadMethod.forDialect(dialect), loadThreads,
                        TpchLoader.namedThreads("prepare-cluster"));
                TpchLoader.LoadReport report = loader.load(scaleFactor, rowsDone);
                try (Connection connection = DriverManager.getConnection(server.jdbcUrl(), server.user(),
                        server.password()); Statement statement = connection.createStatement()) {
                    // VACUUM after the load's ANALYZE: exact reltuples (which tenants check), visibility map set
                    statement.execute("VACUUM");
                    ClusterRows.checkCounted(connection, report.rowsByTable());
                    ClusterRows.check(connection, report.rowsByTable(), "the newly built cluster");
                    // the copy keeps no password: each tenant's server sets its own before it listens; the rewrite
                    // leaves no old row version with the build's verifier in the catalog's file
                    statement.execute("ALTER ROLE CURRENT_USER PASSWORD NULL");
                    statement.execute("VACUUM FULL pg_authid");
                }
                rows = report.rowsByTable();
                server.stopKeepingData(dir);
            } finally {
                ServerHomes.deleteRecursively(building);
            }
            return ClusterFiles.writeManifest(cache, dir, key, engine, scaleFactor, rows, start);
        }
    }
}
