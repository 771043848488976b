package io.tunescope.workload.pgbench;

import io.tunescope.BadInputException;
import io.tunescope.engine.SqlDialect;
import io.tunescope.workload.tpch.CopyTextSink;
import io.tunescope.workload.tpch.RowSink;
import io.tunescope.workload.tpch.TpchLoader;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * pgbench's standard initialization: the tables {@code pgbench_branches} (one row per scale unit),
 * {@code pgbench_tellers} (10 per unit), {@code pgbench_accounts} (100,000 per unit) and an empty
 * {@code pgbench_history}, created with the given fill factor, filled (COPY on PostgreSQL, batched INSERTs elsewhere),
 * vacuumed and analyzed, then given their primary keys, as {@code pgbench -i} does by default.
 */
public final class PgbenchLoader {
    public static final int ACCOUNTS_PER_BRANCH = 100_000;
    public static final int TELLERS_PER_BRANCH = 10;
    public static final int DEFAULT_FILLFACTOR = 100;
    private static final int BATCH_ROWS = 10_000;

    private PgbenchLoader() {
    }

    /** pgbench's scale is a whole number of branches; the run's scale factor must be one. */
    public static int scaleOf(double scaleFactor) {
        if (scaleFactor < 1 || scaleFactor != Math.rint(scaleFactor) || scaleFactor > 100_000) {
            throw BadInputException.of("sf", scaleFactor, "must be a whole number from 1 to 100000 for a pgbench "
                    + "workload (the number of branches)");
        }
        return (int) scaleFactor;
    }

    public static long rowsAt(int scale) {
        return (long) scale * (1 + TELLERS_PER_BRANCH + ACCOUNTS_PER_BRANCH);
    }

    public static TpchLoader.LoadReport load(Connection connection, SqlDialect dialect, int scale, int fillfactor,
                                             LongConsumer rowsDone) throws SQLException {
        if (fillfactor < 10 || fillfactor > 100) {
            throw BadInputException.of("fillfactor", fillfactor, "must be between 10 and 100");
        }
        boolean postgres = dialect == SqlDialect.POSTGRES;
        String with = postgres ? " WITH (fillfactor=" + fillfactor + ")" : "";
        long start = System.nanoTime();
        try (Statement s = connection.createStatement()) {
            for (String table : new String[] {"pgbench_accounts", "pgbench_branches", "pgbench_history",
                    "pgbench_tellers"}) {
                s.execute("DROP TABLE IF EXISTS " + table);
            }
            s.execute("CREATE TABLE pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, "
                    + "filler char(22))");
            s.execute("CREATE TABLE pgbench_tellers (tid int not null, bid int, tbalance int, filler char(84))" + with);
            s.execute("CREATE TABLE pgbench_accounts (aid int not null, bid int, abalance int, filler char(84))" + with);
            s.execute("CREATE TABLE pgbench_branches (bid int not null, bbalance int, filler char(88))" + with);
        }
        Map<String, Long> rows = new LinkedHashMap<>();
        rows.put("pgbench_branches", fill(connection, postgres, "pgbench_branches (bid, bbalance)", 2, scale, 1,
                rowsDone));
        rows.put("pgbench_tellers", fill(connection, postgres, "pgbench_tellers (tid, bid, tbalance)", 3,
                (long) scale * TELLERS_PER_BRANCH, TELLERS_PER_BRANCH, rowsDone));
        rows.put("pgbench_accounts", fill(connection, postgres, "pgbench_accounts (aid, bid, abalance, filler)", 4,
                (long) scale * ACCOUNTS_PER_BRANCH, ACCOUNTS_PER_BRANCH, rowsDone));
        rows.put("pgbench_history", 0L);
        long loaded = System.nanoTime();
        try (Statement s = connection.createStatement()) {
            if (postgres) {
                s.execute("VACUUM ANALYZE pgbench_branches, pgbench_tellers, pgbench_accounts, pgbench_history");
            }
            s.execute("ALTER TABLE pgbench_branches ADD PRIMARY KEY (bid)");
            s.execute("ALTER TABLE pgbench_tellers ADD PRIMARY KEY (tid)");
            s.execute("ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid)");
        }
        long total = rows.values().stream().mapToLong(Long::longValue).sum();
        return new TpchLoader.LoadReport(total, (loaded - start) / 1_000_000, (System.nanoTime() - loaded) / 1_000_000,
                rows);
    }

    /**
     * Writes rows {@code 1..count} of one table: the id, the branch it belongs to ({@code perBranch} per branch),
     * a zero balance and, for accounts, an empty filler.
     */
    private static long fill(Connection connection, boolean postgres, String target, int columns, long count,
                             int perBranch, LongConsumer rowsDone) throws SQLException {
        try (RowSink sink = postgres ? copy(connection, target) : new Inserts(connection, target, columns)) {
            for (long id = 1; id <= count; id++) {
                sink.identifier(id);
                if (columns > 2) {
                    sink.identifier((id - 1) / perBranch + 1);
                }
                sink.integer(0);
                if (columns > 3) {
                    sink.text("");
                }
                sink.endRow();
                if (id % BATCH_ROWS == 0) {
                    rowsDone.accept(BATCH_ROWS);
                }
            }
        }
        rowsDone.accept(count % BATCH_ROWS);
        return count;
    }

    private static RowSink copy(Connection connection, String target) throws SQLException {
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI()
                .copyIn("COPY " + target + " FROM STDIN WITH (FORMAT text, DELIMITER '|')");
        return new CopyTextSink(copy::writeToCopy, copy::endCopy);
    }

    /** Batched INSERTs, for engines without a bulk path here. */
    private static final class Inserts implements RowSink {
        private final PreparedStatement statement;
        private int column;
        private int pending;

        Inserts(Connection connection, String target, int columns) throws SQLException {
            statement = connection.prepareStatement("INSERT INTO " + target + " VALUES ("
                    + "?, ".repeat(columns - 1) + "?)");
        }

        @Override
        public void identifier(long value) throws SQLException {
            statement.setLong(++column, value);
        }

        @Override
        public void integer(int value) throws SQLException {
            statement.setInt(++column, value);
        }

        @Override
        public void decimalCents(long cents) {
            throw new UnsupportedOperationException("pgbench tables have no decimal column");
        }

        @Override
        public void epochDays(int days) {
            throw new UnsupportedOperationException("pgbench tables have no date column");
        }

        @Override
        public void text(String value) throws SQLException {
            statement.setString(++column, value);
        }

        @Override
        public void endRow() throws SQLException {
            statement.addBatch();
            column = 0;
            if (++pending == BATCH_ROWS) {
                statement.executeBatch();
                pending = 0;
            }
        }

        @Override
        public void close() throws SQLException {
            try (statement) {
                if (pending > 0) {
                    statement.executeBatch();
                }
            }
        }
    }
}
