package io.tunescope.workload.tpch;

import io.tunescope.BadInputException;
import io.tunescope.engine.SqlDialect;
import io.trino.tpch.TpchTable;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * Creates the TPC-H schema and loads generated data at a scale factor, splitting the large tables into parts that
 * load in parallel, each on its own connection.
 */
public final class TpchLoader {
    public static final double MIN_SCALE_FACTOR = 0.01;
    public static final double MAX_SCALE_FACTOR = 10;
    /** Rows per part of a large table: enough parts to keep every loading thread busy to the end. */
    private static final long ROWS_PER_PART = 500_000;

    /** Opens a new connection to the database being loaded. */
    @FunctionalInterface
    public interface ConnectionFactory {
        Connection open() throws SQLException;
    }

    private final ConnectionFactory connections;
    private final SqlDialect dialect;
    private final LoadMethod method;
    private final int threads;
    private final ThreadFactory threadFactory;

    public TpchLoader(ConnectionFactory connections, SqlDialect dialect, LoadMethod method, int threads,
                      ThreadFactory threadFactory) {
        if (threads < 1) {
            throw BadInputException.of("load threads", threads, "must be at least 1");
        }
        this.connections = connections;
        this.dialect = dialect;
        this.method = method;
        this.threads = threads;
        this.threadFactory = threadFactory;
    }

    public static void checkScaleFactor(double scaleFactor) {
        if (!(scaleFactor >= MIN_SCALE_FACTOR && scaleFactor <= MAX_SCALE_FACTOR)) {
            throw BadInputException.of("scale factor", scaleFactor,
                    "must be between " + MIN_SCALE_FACTOR + " and " + MAX_SCALE_FACTOR);
        }
    }

    /** Estimated total rows, for progress bars. */
    public static long estimatedRows(double scaleFactor) {
        return TpchSchema.TABLES.stream().mapToLong(t -> TpchGenerator.rowCount(t, scaleFactor)).sum();
    }

    /** Creates the tables, loads every table, then adds keys and indexes; {@code rowsDone} sees progress. */
    public LoadReport load(double scaleFactor, LongConsumer rowsDone) throws SQLException, InterruptedException {
        checkScaleFactor(scaleFactor);
        long startNanos = System.nanoTime();
        try (Connection connection = connections.open(); Statement statement = connection.createStatement()) {
            for (TpchTable<?> table : TpchSchema.TABLES) {
                statement.execute("DROP TABLE IF EXISTS " + table.getTableName());
                statement.execute(TpchSchema.createTable(table));
            }
        }
        Map<String, Long> rowsByTable = loadParts(scaleFactor, rowsDone);
        long rows = rowsByTable.values().stream().mapToLong(Long::longValue).sum();
        long loadedNanos = System.nanoTime();
        try (Connection connection = connections.open(); Statement statement = connection.createStatement()) {
            for (String sql : TpchSchema.afterLoad(dialect)) {
                statement.execute(sql);
            }
        }
        long endNanos = System.nanoTime();
        return new LoadReport(rows, (loadedNanos - startNanos) / 1_000_000, (endNanos - loadedNanos) / 1_000_000,
                rowsByTable);
    }

    /** Loads every part of every table; returns the rows the generator made, per table in load order. */
    private Map<String, Long> loadParts(double scaleFactor, LongConsumer rowsDone)
            throws SQLException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads, threadFactory);
        try {
            Map<String, List<Future<Long>>> parts = new LinkedHashMap<>();
            for (TpchTable<?> table : TpchSchema.TABLES) {
                int partCount = (int) Math.max(1, TpchGenerator.rowCount(table, scaleFactor) / ROWS_PER_PART);
                for (int part = 1; part <= partCount; part++) {
                    int thisPart = part;
                    parts.computeIfAbsent(table.getTableName(), t -> new ArrayList<>())
                            .add(pool.submit(() -> loadPart(table, scaleFactor, thisPart, partCount, rowsDone)));
                }
            }
            Map<String, Long> rows = new LinkedHashMap<>();
            for (Map.Entry<String, List<Future<Long>>> table : parts.entrySet()) {
                long tableRows = 0;
                for (Future<Long> part : table.getValue()) {
                    tableRows += part.get();
                }
                rows.put(table.getKey(), tableRows);
            }
            return rows;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof SQLException sql) {
                throw sql;
            }
            throw new SQLException("TPC-H load failed: " + cause.getMessage(), cause);
        } finally {
            pool.shutdownNow();
        }
    }

    private long loadPart(TpchTable<?> table, double scaleFactor, int part, int partCount, LongConsumer rowsDone)
            throws Exception {
        try (Connection connection = connections.open(); RowSink sink = method.open(connection, table)) {
            return TpchGenerator.generate(table, scaleFactor, part, partCount, sink, rowsDone);
        }
    }

    /**
     * What a load did: rows written, milliseconds to generate and load, milliseconds for keys and indexes, and the
     * rows the generator made for each table (in load order).
     */
    public record LoadReport(long rows, long loadMillis, long indexMillis, Map<String, Long> rowsByTable) {
        public LoadReport {
            rowsByTable = rowsByTable == null ? Map.of() : java.util.Collections.unmodifiableMap(
                    new LinkedHashMap<>(rowsByTable));
        }
    }

    /** Names loader threads {@code prefix-1}, {@code prefix-2}, ... */
    public static ThreadFactory namedThreads(String prefix) {
        AtomicInteger next = new AtomicInteger(1);
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + next.getAndIncrement());
            thread.setDaemon(true);
            return thread;
        };
    }
}
