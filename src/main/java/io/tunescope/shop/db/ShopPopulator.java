package io.tunescope.shop.db;

import io.tunescope.engine.SqlDialect;
import io.tunescope.shop.ShopScale;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.SplittableRandom;

/**
 * Loads the bookstore at a {@link ShopScale}, deterministically: each table draws from its own generator seeded
 * from the run's seed, dates count back from a fixed day, so one seed always gives the same rows. Keys are loaded
 * as 1..n and the identities restarted after them ({@link ShopSchema#restartIdentities}).
 */
public final class ShopPopulator {
    /** The day the populated history ends; fixed so that a seed gives the same rows on any day. */
    static final LocalDate BASE_DAY = LocalDate.of(2026, 1, 1);
    private static final int BATCH = 2_000;
    private static final int ORDERS_PER_FLUSH = BATCH / 5;

    private final Connection c;
    private final ShopScale scale;
    private final long seed;

    private ShopPopulator(Connection c, ShopScale scale, long seed) {
        this.c = c;
        this.scale = scale;
        this.seed = seed;
    }

    /** Creates the schema in {@code dialect} (its engine's) and loads every table; returns what was loaded. */
    public static ShopCounts populate(Connection c, SqlDialect dialect, ShopScale scale, long seed)
            throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            ShopSchema.create(c, dialect);
            ShopPopulator p = new ShopPopulator(c, scale, seed);
            p.countries();
            p.authors();
            p.items();
            p.addresses();
            p.customers();
            long lines = p.orders();
            ShopCounts counts = new ShopCounts(scale.items(), scale.authors(), ShopScale.COUNTRIES,
                    scale.customers(), scale.addresses(), scale.orders(), lines);
            ShopSchema.restartIdentities(c, dialect, counts);
            c.commit();
            return counts;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private SplittableRandom random(int table) {
        return new SplittableRandom(seed * 31 + table);
    }

    private void countries() throws SQLException {
        SplittableRandom r = random(1);
        try (Batch b = new Batch("INSERT INTO country VALUES (?,?,?,?)")) {
            for (int id = 1; id <= ShopScale.COUNTRIES; id++) {
                b.row(id, "Country " + id, BigDecimal.valueOf(r.nextInt(1, 100_000), 3), "Currency " + id);
            }
        }
    }

    private void authors() throws SQLException {
        SplittableRandom r = random(2);
        try (Batch b = new Batch("INSERT INTO author VALUES (?,?,?,?,?,?)")) {
            for (int id = 1; id <= scale.authors(); id++) {
                b.row(id, ShopText.word(r, 3, 20), ShopText.word(r, 1, 20), ShopText.word(r, 1, 20),
                        Date.valueOf(BASE_DAY.minusDays(r.nextInt(365 * 20, 365 * 90))), ShopText.words(r, 20, 500));
            }
        }
    }

    private void items() throws SQLException {
        SplittableRandom r = random(3);
        int n = scale.items();
        try (Batch b = new Batch("INSERT INTO item VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
            for (int id = 1; id <= n; id++) {
                int author = id <= scale.authors() ? id : r.nextInt(1, scale.authors() + 1);
                LocalDate pub = BASE_DAY.minusDays(r.nextInt(1, 365 * 70));
                BigDecimal srp = BigDecimal.valueOf(r.nextInt(100, 100_000), 2);
                BigDecimal cost = srp.multiply(BigDecimal.valueOf(r.nextInt(50, 101), 2)).setScale(2,
                        java.math.RoundingMode.HALF_UP);
                b.row(id, ShopText.words(r, r.nextInt(1, 5), 60), author, Date.valueOf(pub),
                        ShopText.words(r, 2, 60), ShopText.pick(r, ShopText.SUBJECTS), ShopText.words(r, 30, 500),
                        related(r, id, n), related(r, id, n), related(r, id, n), related(r, id, n), related(r, id, n),
                        ShopImages.thumbnailPath(id), ShopImages.imagePath(id),
                        srp, cost, Date.valueOf(pub.plusDays(r.nextInt(1, 31))), r.nextInt(10, 31),
                        ShopText.digits(r, 13), r.nextInt(20, 10_000), ShopText.pick(r, ShopText.BACKINGS),
                        r.nextInt(1, 100) + "x" + r.nextInt(1, 100) + "x" + r.nextInt(1, 100));
            }
        }
    }

    private static int related(SplittableRandom r, int id, int items) {
        int other = r.nextInt(1, items);
        return other >= id ? other + 1 : other;
    }

    private void addresses() throws SQLException {
        SplittableRandom r = random(4);
        try (Batch b = new Batch("INSERT INTO address VALUES (?,?,?,?,?,?,?)")) {
            for (int id = 1; id <= scale.addresses(); id++) {
                b.row(id, ShopText.words(r, 3, 40), ShopText.words(r, 2, 40), ShopText.word(r, 4, 30),
                        ShopText.word(r, 2, 20), ShopText.digits(r, 5), r.nextInt(1, ShopScale.COUNTRIES + 1));
            }
        }
    }

    private void customers() throws SQLException {
        SplittableRandom r = random(5);
        LocalDateTime base = BASE_DAY.atStartOfDay();
        try (Batch b = new Batch("INSERT INTO customer VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
            for (int id = 1; id <= scale.customers(); id++) {
                String uname = ShopText.userName(id);
                LocalDate since = BASE_DAY.minusDays(r.nextInt(1, 730));
                LocalDateTime login = base.minusMinutes(r.nextInt(1, 60 * 24 * 60));
                b.row(id, uname, ShopText.password(uname), ShopText.word(r, 8, 15), ShopText.word(r, 8, 15),
                        r.nextInt(1, scale.addresses() + 1), ShopText.digits(r, 12), uname + "@example.com",
                        Date.valueOf(since), Date.valueOf(login.toLocalDate()), Timestamp.valueOf(login),
                        Timestamp.valueOf(login.plusHours(2)), BigDecimal.valueOf(r.nextInt(0, 51), 2),
                        BigDecimal.ZERO.setScale(2), BigDecimal.valueOf(r.nextInt(0, 99_999_900), 2),
                        Date.valueOf(since.minusYears(r.nextInt(18, 90))), ShopText.words(r, 20, 500));
            }
        }
    }

    /** Orders with 1 to 5 lines each and one credit-card transaction each; returns the number of lines. */
    private long orders() throws SQLException {
        SplittableRandom r = random(6);
        int n = scale.orders();
        LocalDateTime base = BASE_DAY.atStartOfDay();
        long lines = 0;
        // flushed together, orders first, so that lines and card transactions never reach the database before
        // the order they refer to
        try (Batch o = new Batch("INSERT INTO orders VALUES (?,?,?,?,?,?,?,?,?,?,?)", false);
             Batch ol = new Batch("INSERT INTO order_line VALUES (?,?,?,?,?,?)", false);
             Batch cx = new Batch("INSERT INTO cc_xacts VALUES (?,?,?,?,?,?,?,?,?)", false)) {
            for (int id = 1; id <= n; id++) {
                // later orders are newer, so the latest orders are the highest keys, as when the shop adds them
                LocalDateTime date = base.minusSeconds((long) (n - id) * 60 * 24 * 60 * 60 / n);
                int lineCount = r.nextInt(1, 6);
                BigDecimal subTotal = BigDecimal.ZERO;
                for (int k = 1; k <= lineCount; k++) {
                    int qty = r.nextInt(1, 301) <= 270 ? r.nextInt(1, 4) : r.nextInt(4, 301);
                    ol.row(k, id, r.nextInt(1, scale.items() + 1), qty, BigDecimal.valueOf(r.nextInt(0, 31), 2),
                            ShopText.words(r, 4, 110));
                    subTotal = subTotal.add(BigDecimal.valueOf((long) qty * r.nextInt(100, 10_000), 2));
                }
                lines += lineCount;
                BigDecimal tax = subTotal.multiply(new BigDecimal("0.0825"))
                        .setScale(2, java.math.RoundingMode.HALF_UP);
                BigDecimal total = subTotal.add(tax).add(BigDecimal.valueOf(300 + 100L * lineCount, 2));
                long customer = r.nextInt(1, scale.customers() + 1);
                o.row(id, customer, Timestamp.valueOf(date), subTotal, tax, total,
                        ShopText.pick(r, ShopText.SHIP_TYPES), Timestamp.valueOf(date.plusDays(r.nextInt(0, 8))),
                        r.nextInt(1, scale.addresses() + 1), r.nextInt(1, scale.addresses() + 1),
                        r.nextInt(4) == 0 ? "PENDING" : "SHIPPED");
                cx.row(id, ShopText.pick(r, ShopText.CARD_TYPES), ShopText.digits(r, 16), ShopText.words(r, 2, 31),
                        Date.valueOf(date.toLocalDate().plusDays(r.nextInt(10, 730))), ShopText.digits(r, 15),
                        total, Timestamp.valueOf(date), r.nextInt(1, ShopScale.COUNTRIES + 1));
                if (id % ORDERS_PER_FLUSH == 0 || id == n) {
                    o.flush();
                    ol.flush();
                    cx.flush();
                }
            }
        }
        return lines;
    }

    /** A prepared INSERT whose rows go to the database in batches. */
    private final class Batch implements AutoCloseable {
        private final PreparedStatement statement;
        private final boolean autoFlush;
        private int pending;

        Batch(String sql) throws SQLException {
            this(sql, true);
        }

        Batch(String sql, boolean autoFlush) throws SQLException {
            this.statement = c.prepareStatement(sql);
            this.autoFlush = autoFlush;
        }

        void row(Object... values) throws SQLException {
            for (int k = 0; k < values.length; k++) {
                statement.setObject(k + 1, values[k]);
            }
            statement.addBatch();
            if (++pending >= BATCH && autoFlush) {
                flush();
            }
        }

        void flush() throws SQLException {
            if (pending > 0) {
                statement.executeBatch();
                pending = 0;
            }
        }

        @Override
        public void close() throws SQLException {
            try {
                flush();
            } finally {
                statement.close();
            }
        }
    }
}
