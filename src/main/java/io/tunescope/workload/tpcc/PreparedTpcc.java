package io.tunescope.workload.tpcc;

import io.tunescope.Notices;
import io.tunescope.engine.SqlDialect;
import io.tunescope.store.DataCache;
import io.tunescope.store.Json;
import io.tunescope.store.PreparedManifest;
import io.tunescope.workload.tpch.PreparedCopy;
import org.duckdb.DuckDBConnection;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HexFormat;
import java.util.concurrent.ThreadFactory;
import java.util.function.LongConsumer;

/**
 * Load once, reuse: one prepared DuckDB file of TPC-C per number of warehouses and load seed in a {@link DataCache},
 * loaded once and checked against the loader's row counts. Each tenant copies it into its own in-memory database
 * ({@link PreparedCopy#copyInto}), so a run that changes its data never changes the prepared file. Rebuilt when it is
 * missing, unreadable, holds other rows than its manifest says, or was built under another version key (format,
 * DuckDB's version, the tables' DDL, the generator's first draws).
 */
public final class PreparedTpcc {
    /** Bump when the way a copy is built changes in a way the key would not see. */
    static final String FORMAT = "tpcc-duckdb-1";
    private static final String ENGINE = "duckdb";

    /** A copy ready to use, whether this call built it, and how long checking or building took. */
    public record Result(PreparedCopy copy, boolean built, long millis) {
    }

    private PreparedTpcc() {
    }

    /** The prepared copy for {@code warehouses} loaded from {@code seed}, built first when there is no valid one. */
    public static Result ensureDuckDb(DataCache cache, int warehouses, long seed, int loadThreads,
                                      ThreadFactory threads, LongConsumer rowsDone)
            throws IOException, SQLException, InterruptedException {
        TpccScale.checkWarehouses(warehouses);
        long start = System.nanoTime();
        cache.create();
        synchronized (PreparedTpcc.class) {
            try (FileChannel channel = FileChannel.open(cache.tpccLock(ENGINE, warehouses, seed),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
                assert lock.isValid();
                String key = versionKey(warehouses, seed, duckDbVersion());
                Path file = cache.tpccCopy(ENGINE, warehouses, seed, key, "duckdb");
                PreparedCopy valid = validCopy(cache, file, key);
                boolean built = valid == null;
                if (built) {
                    removeStale(cache, warehouses, seed);
                    valid = build(cache, file, key, warehouses, seed, loadThreads, threads, rowsDone);
                }
                return new Result(valid, built, (System.nanoTime() - start) / 1_000_000);
            }
        }
    }

    private static PreparedCopy validCopy(DataCache cache, Path file, String key) {
        return PreparedCopy.valid(cache, file, key, TpccSchema.TABLES, "TPC-C");
    }

    private static PreparedCopy build(DataCache cache, Path file, String key, int warehouses, long seed,
                                      int loadThreads, ThreadFactory threads, LongConsumer rowsDone)
            throws IOException, SQLException, InterruptedException {
        long start = System.nanoTime();
        Path building = cache.building(file);
        deleteWithWal(building);
        TpccLoader.Report report;
        try (DuckDBConnection root = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:" + building)) {
            report = new TpccLoader(root::duplicate, SqlDialect.DUCKDB, loadThreads, threads)
                    .load(warehouses, seed, rowsDone);
            try (Statement statement = root.createStatement()) {
                statement.execute("CHECKPOINT");
            }
        }
        PreparedCopy copy = new PreparedCopy(file.toString(), report.rowsByTable());
        try (Connection memory = DriverManager.getConnection("jdbc:duckdb:")) {
            copy.checkRows(PreparedCopy.rowsInFile(memory, building.toString(), TpccSchema.TABLES),
                    "the newly built file");
        }
        Files.deleteIfExists(wal(building));
        Files.move(building, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Json.writeAtomically(cache.manifest(file), new PreparedManifest(key, ENGINE, warehouses,
                report.rowsByTable(), (System.nanoTime() - start) / 1_000_000, Instant.now().toString()));
        return copy;
    }

    private static void removeStale(DataCache cache, int warehouses, long seed) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(cache.tpcc(),
                cache.tpccPrefix(ENGINE, warehouses, seed) + "*")) {
            for (Path f : files) {
                Files.deleteIfExists(f);
            }
        }
    }

    /**
     * A hash of the format, DuckDB's version, warehouses and seed, every table's DDL and key, and the load's first
     * random draws (a generator that draws differently changes the key).
     */
    static String versionKey(int warehouses, long seed, String engineVersion) {
        return versionKey(FORMAT, warehouses, seed, engineVersion, SqlDialect.DUCKDB);
    }

    /** As {@link #versionKey(int, long, String)}, for a copy of {@code format} whose tables speak {@code dialect}. */
    static String versionKey(String format, int warehouses, long seed, String engineVersion, SqlDialect dialect) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        StringBuilder text = new StringBuilder(format).append('\0').append(engineVersion).append('\0')
                .append(warehouses).append('\0').append(seed);
        for (String table : TpccSchema.TABLES) {
            text.append('\0').append(TpccSchema.columns(table, dialect)).append('\0')
                    .append(TpccSchema.primaryKey(table));
        }
        TpccRandom draws = new TpccRandom(seed, CConstants.forLoad(seed));
        for (int i = 0; i < 20; i++) {
            text.append('\0').append(draws.aString(8, 16)).append(draws.nurand(CConstants.A_LAST, 0, 999));
        }
        return HexFormat.of().formatHex(digest.digest(text.toString().getBytes(StandardCharsets.UTF_8)))
                .substring(0, 12);
    }

    private static String duckDbVersion() throws SQLException {
        try (Connection memory = DriverManager.getConnection("jdbc:duckdb:")) {
            return memory.getMetaData().getDatabaseProductVersion();
        }
    }

    private static void deleteWithWal(Path file) throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(wal(file));
    }

    private static Path wal(Path file) {
        return file.resolveSibling(file.getFileName() + ".wal");
    }
}
