package io.tunescope.workload.tpcc;

import io.tunescope.engine.PrivateServer;
import io.tunescope.engine.ServerDataCopy;
import io.tunescope.engine.ServerHomes;
import io.tunescope.engine.SqlDialect;
import io.tunescope.engine.server.PrivateServers;
import io.tunescope.store.DataCache;
import io.tunescope.store.PreparedManifest;
import io.tunescope.workload.tpch.ClusterFiles;
import io.tunescope.workload.tpch.ClusterRows;
import io.tunescope.workload.tpch.PreparedCluster;
import io.tunescope.workload.tpch.TpchLoader;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Load once, reuse, for TPC-C on private servers (PostgreSQL): one data directory per server version, warehouses and
 * load seed in the {@link DataCache} ({@code tpcc/<engine>-w<N>-s<seed>-<key>.pgdata}), loaded, vacuumed and analysed
 * once by a server of its own, stopped cleanly without any password, its rows counted. Each tenant's server starts on
 * a full copy ({@link #copy}), so a run's transactions never reach the cached directory; the copy's files are checked
 * against the manifest and its rows against the catalog. The same rules as TPC-H's {@link PreparedCluster}: one
 * process builds while others wait on the lock, and copies are taken under it.
 */
public final class PreparedTpccCluster {
    /** Bump when the way a copy is built changes in a way the key would not see. */
    static final String FORMAT = "tpcc-cluster-1";
    static final String EXTENSION = "pgdata";

    /** A prepared data directory ready to copy, whether this call built it, and how long checking or building took. */
    public record Result(Path dataDir, PreparedManifest manifest, Path lock, boolean built, long millis) {
    }

    private PreparedTpccCluster() {
    }

    /** The prepared data directory of {@code engine}'s servers for {@code warehouses} from {@code seed}. */
    public static Result ensure(DataCache cache, String engine, SqlDialect dialect, PrivateServers.Launcher launcher,
                                int warehouses, long seed, int loadThreads, LongConsumer rowsDone)
            throws IOException, SQLException, InterruptedException {
        TpccScale.checkWarehouses(warehouses);
        long start = System.nanoTime();
        String key = PreparedTpcc.versionKey(FORMAT + String.join(";", PreparedCluster.BUILD_SETTINGS), warehouses,
                seed, launcher.version(), dialect);
        Path dir = cache.tpccCopy(engine, warehouses, seed, key, EXTENSION);
        Path lockFile = cache.tpccLock(engine, warehouses, seed);
        cache.create();
        synchronized (PreparedTpccCluster.class) {
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
                assert lock.isValid();
                PreparedManifest manifest = validCopy(cache, dir, key);
                boolean built = manifest == null;
                if (built) {
                    removeStale(cache, engine, warehouses, seed, lockFile);
                    manifest = build(cache, dir, key, engine, dialect, launcher, warehouses, seed, loadThreads,
                            rowsDone);
                }
                return new Result(dir, manifest, lockFile, built, (System.nanoTime() - start) / 1_000_000);
            }
        }
    }

    /** The manifest of {@code dir} when it has {@code key}, TPC-C's tables and exactly its files; else null. */
    static PreparedManifest validCopy(DataCache cache, Path dir, String key) {
        return ClusterFiles.validManifest(dir, cache.manifest(dir), key,
                new java.util.LinkedHashSet<>(TpccSchema.TABLES), "TPC-C");
    }

    /** A copy of the prepared directory for one server, taken under the lock and checked against the manifest. */
    public static ServerDataCopy copy(DataCache cache, Result prepared) {
        return target -> ClusterFiles.copyLocked(PreparedTpccCluster.class, prepared.lock(), prepared.dataDir(),
                target, () -> validCopy(cache, prepared.dataDir(), prepared.manifest().key()) != null,
                prepared.manifest());
    }

    /**
     * Checks the catalog's rows of TPC-C's tables ({@code pg_class.reltuples}, exact after the build's VACUUM: a
     * lookup, not a count) against the manifest's; the message names {@code where} and the first table that differs.
     */
    public static void checkRows(Connection connection, Map<String, Long> expected, String where)
            throws SQLException {
        Map<String, Long> found = ClusterRows.catalogRows(connection);
        for (Map.Entry<String, Long> table : expected.entrySet()) {
            if (!table.getValue().equals(found.get(table.getKey()))) {
                throw new SQLException(where + " holds " + found.get(table.getKey()) + " rows in " + table.getKey()
                        + " where the loader made " + table.getValue());
            }
        }
    }

    private static PreparedManifest build(DataCache cache, Path dir, String key, String engine, SqlDialect dialect,
                                          PrivateServers.Launcher launcher, int warehouses, long seed,
                                          int loadThreads, LongConsumer rowsDone)
            throws IOException, SQLException, InterruptedException {
        long start = System.nanoTime();
        Path building = cache.building(dir);
        ServerHomes.deleteRecursively(building);
        Map<String, Long> rows;
        try (PrivateServer server = launcher.start(building, null, PreparedCluster.BUILD_SETTINGS)) {
            TpccLoader.Connections connections = () -> DriverManager.getConnection(server.jdbcUrl(), server.user(),
                    server.password());
            rows = new TpccLoader(connections, dialect, loadThreads,
                    TpchLoader.namedThreads("prepare-tpcc")).load(warehouses, seed, rowsDone).rowsByTable();
            try (Connection connection = connections.open(); Statement statement = connection.createStatement()) {
                // every page scanned, none skipped as all-visible (the load's own VACUUM ANALYZE set the visibility
                // map): reltuples exact, which tenants check, where a skipping VACUUM keeps ANALYZE's estimate
                statement.execute("VACUUM (DISABLE_PAGE_SKIPPING)");
                checkCounted(statement, rows);
                checkRows(connection, rows, "the newly built cluster");
                // the copy keeps no password: each tenant's server sets its own before it listens
                statement.execute("ALTER ROLE CURRENT_USER PASSWORD NULL");
                statement.execute("VACUUM FULL pg_authid");
            }
            server.stopKeepingData(dir);
        } finally {
            ServerHomes.deleteRecursively(building);
        }
        return ClusterFiles.writeManifest(cache, dir, key, engine, warehouses, rows, start);
    }

    private static void checkCounted(Statement statement, Map<String, Long> expected) throws SQLException {
        for (String table : TpccSchema.TABLES) {
            try (ResultSet rs = statement.executeQuery("SELECT count(*) FROM " + table)) {
                rs.next();
                if (rs.getLong(1) != expected.get(table)) {
                    throw new SQLException("the newly built cluster holds " + rs.getLong(1) + " rows in " + table
                            + " where the loader made " + expected.get(table));
                }
            }
        }
    }

    private static void removeStale(DataCache cache, String engine, int warehouses, long seed, Path lockFile)
            throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(cache.tpcc(),
                cache.tpccPrefix(engine, warehouses, seed) + "*")) {
            for (Path f : files) {
                if (!f.equals(lockFile)) {
                    ServerHomes.deleteRecursively(f);
                }
            }
        }
    }
}
