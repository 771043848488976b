package io.tunescope.workload.tpcc;

import io.tunescope.engine.SqlDialect;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;

/** Generates the initial rows of clause 4.3.3.1 into the tables, one warehouse (or the items) per call. */
final class TpccGenerator {
    /** Told after each table how many rows went into it. */
    @FunctionalInterface
    interface Counter {
        void add(String table, long rows);
    }

    private static final BigDecimal TEN = BigDecimal.valueOf(1000, 2);

    private final Connection connection;
    private final SqlDialect dialect;
    private final TpccRandom random;
    private final Counter counter;

    TpccGenerator(Connection connection, SqlDialect dialect, TpccRandom random, Counter counter) {
        this.connection = connection;
        this.dialect = dialect;
        this.random = random;
        this.counter = counter;
    }

    void items() throws SQLException {
        try (TpccRows rows = TpccRows.open(connection, dialect, "item")) {
            for (int i = 1; i <= TpccScale.ITEMS; i++) {
                rows.row(i, random.uniform(1, 10_000), random.aString(14, 24), cents(random.uniform(100, 10_000)),
                        random.data());
            }
        }
        counter.add("item", TpccScale.ITEMS);
    }

    void warehouse(int w, Timestamp now) throws SQLException {
        try (TpccRows rows = TpccRows.open(connection, dialect, "warehouse")) {
            rows.row(w, random.aString(6, 10), random.aString(10, 20), random.aString(10, 20), random.aString(10, 20),
                    random.aString(2, 2), random.zip(), rate(random.uniform(0, 2000)), cents(30_000_000));
        }
        counter.add("warehouse", 1);
        stock(w);
        try (TpccRows rows = TpccRows.open(connection, dialect, "district")) {
            for (int d = 1; d <= TpccScale.DISTRICTS_PER_WAREHOUSE; d++) {
                rows.row(d, w, random.aString(6, 10), random.aString(10, 20), random.aString(10, 20),
                        random.aString(10, 20), random.aString(2, 2), random.zip(), rate(random.uniform(0, 2000)),
                        cents(3_000_000), TpccScale.ORDERS_PER_DISTRICT + 1);
            }
        }
        counter.add("district", TpccScale.DISTRICTS_PER_WAREHOUSE);
        for (int d = 1; d <= TpccScale.DISTRICTS_PER_WAREHOUSE; d++) {
            customers(w, d, now);
            orders(w, d, now);
        }
    }

    private void stock(int w) throws SQLException {
        try (TpccRows rows = TpccRows.open(connection, dialect, "stock")) {
            Object[] row = new Object[17];
            for (int i = 1; i <= TpccScale.ITEMS; i++) {
                row[0] = i;
                row[1] = w;
                row[2] = random.uniform(10, 100);
                for (int d = 0; d < TpccScale.DISTRICTS_PER_WAREHOUSE; d++) {
                    row[3 + d] = random.aString(24, 24);
                }
                row[13] = 0;
                row[14] = 0;
                row[15] = 0;
                row[16] = random.data();
                rows.row(row.clone());
            }
        }
        counter.add("stock", TpccScale.ITEMS);
    }

    private void customers(int w, int d, Timestamp now) throws SQLException {
        int n = TpccScale.CUSTOMERS_PER_DISTRICT;
        try (TpccRows rows = TpccRows.open(connection, dialect, "customer")) {
            for (int c = 1; c <= n; c++) {
                // the first 1,000 customers of a district take every name once; the rest by NURand with the load's C
                String last = TpccRandom.lastName(c <= 1000 ? c - 1 : random.nurand(CConstants.A_LAST, 0, 999));
                rows.row(c, d, w, random.aString(8, 16), "OE", last, random.aString(10, 20), random.aString(10, 20),
                        random.aString(10, 20), random.aString(2, 2), random.zip(), random.nString(16, 16), now,
                        random.uniform(1, 10) == 1 ? "BC" : "GC", cents(5_000_000), rate(random.uniform(0, 5000)),
                        cents(-1000), TEN, 1, 0, random.aString(300, 500));
            }
        }
        counter.add("customer", n);
        try (TpccRows rows = TpccRows.open(connection, dialect, "history")) {
            for (int c = 1; c <= n; c++) {
                rows.row(c, d, w, d, w, now, TEN, random.aString(12, 24));
            }
        }
        counter.add("history", n);
    }

    private void orders(int w, int d, Timestamp now) throws SQLException {
        int n = TpccScale.ORDERS_PER_DISTRICT;
        int[] customerOf = random.permutation(n);
        int[] lines = new int[n + 1];
        try (TpccRows rows = TpccRows.open(connection, dialect, "orders")) {
            for (int o = 1; o <= n; o++) {
                lines[o] = random.uniform(5, 15);
                rows.row(o, d, w, customerOf[o - 1], now,
                        o < TpccScale.FIRST_UNDELIVERED_ORDER ? random.uniform(1, 10) : null, lines[o], 1);
            }
        }
        counter.add("orders", n);
        try (TpccRows rows = TpccRows.open(connection, dialect, "new_order")) {
            for (int o = TpccScale.FIRST_UNDELIVERED_ORDER; o <= n; o++) {
                rows.row(o, d, w);
            }
        }
        counter.add("new_order", n - TpccScale.FIRST_UNDELIVERED_ORDER + 1);
        long written = 0;
        try (TpccRows rows = TpccRows.open(connection, dialect, "order_line")) {
            for (int o = 1; o <= n; o++) {
                boolean delivered = o < TpccScale.FIRST_UNDELIVERED_ORDER;
                for (int l = 1; l <= lines[o]; l++) {
                    rows.row(o, d, w, l, random.uniform(1, TpccScale.ITEMS), w, delivered ? now : null, 5,
                            delivered ? cents(0) : cents(random.uniform(1, 999_999)), random.aString(24, 24));
                }
                written += lines[o];
            }
        }
        counter.add("order_line", written);
    }

    static BigDecimal cents(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    private static BigDecimal rate(int tenThousandths) {
        return BigDecimal.valueOf(tenThousandths, 4);
    }
}
