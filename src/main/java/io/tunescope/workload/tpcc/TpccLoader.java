package io.tunescope.workload.tpcc;

import io.tunescope.engine.SqlDialect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * Creates the TPC-C tables and fills them by the specification's rules (clause 4.3.3): the items once, then every
 * warehouse in parallel on its own connection (up to {@code threads} at a time), then keys and indexes.
 */
public final class TpccLoader {
    /** Opens a new connection to the database being loaded. */
    @FunctionalInterface
    public interface Connections {
        Connection open() throws SQLException;
    }

    /** What the load wrote and how long it took. */
    public record Report(long rows, long loadMillis, long indexMillis, Map<String, Long> rowsByTable) {
    }

    private final Connections connections;
    private final SqlDialect dialect;
    private final int threads;
    private final ThreadFactory threadFactory;

    public TpccLoader(Connections connections, SqlDialect dialect, int threads, ThreadFactory threadFactory) {
        if (threads < 1) {
            throw new IllegalArgumentException("load threads (" + threads + ") must be at least 1");
        }
        this.connections = connections;
        this.dialect = dialect;
        this.threads = threads;
        this.threadFactory = threadFactory;
    }

    public Report load(int warehouses, long seed, LongConsumer rowsDone) throws SQLException, InterruptedException {
        TpccScale.checkWarehouses(warehouses);
        long start = System.nanoTime();
        CConstants c = CConstants.forLoad(seed);
        Timestamp now = new Timestamp(System.currentTimeMillis());
        Map<String, AtomicLong> rows = new LinkedHashMap<>();
        TpccSchema.TABLES.forEach(t -> rows.put(t, new AtomicLong()));
        try (Connection connection = connections.open()) {
            TpccSchema.create(connection, dialect);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO tpcc_c_load VALUES (?, ?, ?)")) {
                insert.setInt(1, c.lastName());
                insert.setInt(2, c.customerId());
                insert.setInt(3, c.itemId());
                insert.executeUpdate();
            }
            TpccSchema.commitIfNeeded(connection);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, warehouses + 1), threadFactory);
        try {
            List<Future<?>> parts = new ArrayList<>();
            parts.add(pool.submit(() -> part(seed, c, rows, rowsDone, g -> g.items())));
            for (int w = 1; w <= warehouses; w++) {
                int warehouse = w;
                parts.add(pool.submit(() -> part(seed * 7_919 + warehouse, c, rows, rowsDone,
                        g -> g.warehouse(warehouse, now))));
            }
            for (Future<?> part : parts) {
                part.get();
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof SQLException sql) {
                throw sql;
            }
            throw new SQLException("loading TPC-C: " + cause, cause);
        } finally {
            pool.shutdownNow();
        }
        long loaded = System.nanoTime();
        try (Connection connection = connections.open()) {
            TpccSchema.index(connection, dialect);
        }
        Map<String, Long> byTable = new LinkedHashMap<>();
        rows.forEach((t, n) -> byTable.put(t, n.get()));
        return new Report(byTable.values().stream().mapToLong(Long::longValue).sum(), (loaded - start) / 1_000_000,
                (System.nanoTime() - loaded) / 1_000_000, byTable);
    }

    @FunctionalInterface
    private interface Part {
        void write(TpccGenerator generator) throws SQLException;
    }

    private Void part(long seed, CConstants c, Map<String, AtomicLong> rows, LongConsumer rowsDone, Part part) throws SQLException {
        try (Connection connection = connections.open()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            part.write(new TpccGenerator(connection, dialect, new TpccRandom(seed, c),
                    (table, n) -> {
                        rows.get(table).addAndGet(n);
                        rowsDone.accept(n);
                    }));
            connection.commit();
            connection.setAutoCommit(autoCommit);
        }
        return null;
    }
}
