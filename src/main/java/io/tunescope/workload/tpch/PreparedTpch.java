package io.tunescope.workload.tpch;

import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import io.tunescope.Notices;
import io.tunescope.engine.SqlDialect;
import io.tunescope.store.DataCache;
import io.tunescope.store.Json;
import io.tunescope.store.PreparedManifest;
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
import java.util.Iterator;
import java.util.function.LongConsumer;

/**
 * Load once, reuse everywhere: keeps one prepared DuckDB file per scale factor in a {@link DataCache}, generated and
 * loaded once, checked against the generator's row counts, and rebuilt when it is missing, unreadable, holds other
 * rows than the manifest says, or was built under another version key (generator output, schema or DuckDB version).
 * Tenants then copy it into memory ({@link PreparedCopy#copyInto}) in about a second at SF 1 instead of generating
 * it again (docs/benchmarks.md, "Load once").
 */
public final class PreparedTpch {
    /** Bump when the way a copy is built changes in a way the key would not see. */
    static final String FORMAT = "tpch-duckdb-1";
    private static final String ENGINE = "duckdb";
    private static final int FINGERPRINT_ROWS = 100;

    /** A copy ready to use, whether this call built it, and how long checking or building took. */
    public record Result(PreparedCopy copy, boolean built, long millis) {
    }

    private PreparedTpch() {
    }

    /**
     * Returns the prepared DuckDB copy at {@code scaleFactor}, building it first when there is no valid one. Several
     * processes may call this at once: one builds while the others wait on the cache's lock file.
     */
    public static Result ensureDuckDb(DataCache cache, double scaleFactor, int loadThreads, LongConsumer rowsDone)
            throws IOException, SQLException, InterruptedException {
        TpchLoader.checkScaleFactor(scaleFactor);
        long start = System.nanoTime();
        cache.create();
        synchronized (PreparedTpch.class) {
            try (FileChannel channel = FileChannel.open(cache.lock(ENGINE, scaleFactor), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
                assert lock.isValid();
                String key = versionKey(scaleFactor, duckDbVersion());
                Path file = cache.copy(ENGINE, scaleFactor, key, "duckdb");
                PreparedCopy valid = validCopy(cache, file, key);
                boolean built = valid == null;
                if (built) {
                    removeStale(cache, scaleFactor);
                    valid = build(cache, file, key, scaleFactor, loadThreads, rowsDone);
                }
                return new Result(valid, built, (System.nanoTime() - start) / 1_000_000);
            }
        }
    }

    /** The copy at {@code file} when its manifest has {@code key} and the file holds the rows it lists; else null. */
    static PreparedCopy validCopy(DataCache cache, Path file, String key) {
        return PreparedCopy.valid(cache, file, key, TpchSchema.TABLES.stream().map(t -> t.getTableName()).toList(),
                "TPC-H");
    }

    private static PreparedCopy build(DataCache cache, Path file, String key, double scaleFactor, int loadThreads,
                                      LongConsumer rowsDone) throws IOException, SQLException, InterruptedException {
        long start = System.nanoTime();
        Path building = cache.building(file);
        deleteWithWal(building);
        TpchLoader.LoadReport report;
        try (DuckDBConnection root = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:" + building)) {
            report = new TpchLoader(root::duplicate, SqlDialect.DUCKDB, LoadMethod.APPENDER, loadThreads,
                    TpchLoader.namedThreads("prepare-tpch")).load(scaleFactor, rowsDone);
            try (Statement statement = root.createStatement()) {
                statement.execute("CHECKPOINT");
            }
        }
        PreparedCopy copy = new PreparedCopy(file.toString(), report.rowsByTable());
        try (Connection memory = DriverManager.getConnection("jdbc:duckdb:")) {
            copy.checkRows(PreparedCopy.rowsInFile(memory, building.toString()), "the newly built file");
        }
        Files.deleteIfExists(wal(building));
        Files.move(building, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Json.writeAtomically(cache.manifest(file), new PreparedManifest(key, ENGINE, scaleFactor,
                report.rowsByTable(), (System.nanoTime() - start) / 1_000_000, Instant.now().toString()));
        return copy;
    }

    /** Removes every earlier version of this scale factor's copy (and its manifest) before a new one is built. */
    private static void removeStale(DataCache cache, double scaleFactor) throws IOException {
        String prefix = cache.prefix(ENGINE, scaleFactor);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(cache.tpch(), prefix + "*")) {
            for (Path f : files) {
                if (!f.equals(cache.lock(ENGINE, scaleFactor))) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    /**
     * The version key: a hash of this builder's format, DuckDB's version, the scale factor, every table's DDL, the
     * statements after the load, and the generator's first rows of every table (so a generator that changes its
     * output changes the key). Computing it generates 800 rows: milliseconds.
     */
    public static String versionKey(double scaleFactor, String engineVersion) {
        return versionKey(FORMAT, scaleFactor, engineVersion, SqlDialect.DUCKDB);
    }

    /** As {@link #versionKey(double, String)} for another builder's {@code format} and {@code dialect}'s statements. */
    static String versionKey(String format, double scaleFactor, String engineVersion, SqlDialect dialect) {
        MessageDigest digest = sha256();
        update(digest, format, engineVersion, String.valueOf(scaleFactor));
        for (TpchTable<?> table : TpchSchema.TABLES) {
            update(digest, TpchSchema.createTable(table));
            fingerprint(digest, table, scaleFactor);
        }
        TpchSchema.afterLoad(dialect).forEach(sql -> update(digest, sql));
        return HexFormat.of().formatHex(digest.digest()).substring(0, 12);
    }

    private static <E extends TpchEntity> void fingerprint(MessageDigest digest, TpchTable<E> table,
                                                           double scaleFactor) {
        Iterator<E> rows = table.createGenerator(scaleFactor, 1, 1).iterator();
        for (int i = 0; i < FINGERPRINT_ROWS && rows.hasNext(); i++) {
            update(digest, rows.next().toLine());
        }
    }

    static String duckDbVersion() throws SQLException {
        try (Connection memory = DriverManager.getConnection("jdbc:duckdb:")) {
            return memory.getMetaData().getDatabaseProductVersion();
        }
    }

    private static void update(MessageDigest digest, String... parts) {
        for (String part : parts) {
            digest.update(part.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
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
