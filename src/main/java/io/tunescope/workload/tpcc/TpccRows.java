package io.tunescope.workload.tpcc;

import io.tunescope.engine.SqlDialect;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;

/**
 * Where the loader's rows of one table go: COPY on PostgreSQL, the appender on DuckDB, multi-row INSERTs elsewhere (one statement per
 * {@value #ROWS_PER_INSERT} rows, which costs DuckDB and H2 far less than one execution per row). Values are
 * Integer, BigDecimal, String, Timestamp or null.
 */
abstract class TpccRows implements AutoCloseable {
    static final int ROWS_PER_INSERT = 100;

    abstract void row(Object... values) throws SQLException;

    @Override
    public abstract void close() throws SQLException;

    static TpccRows open(Connection connection, SqlDialect dialect, String table) throws SQLException {
        return switch (dialect) {
            case POSTGRES -> new Copy(connection, table);
            case DUCKDB -> new Appender(connection.unwrap(DuckDBConnection.class), table);
            default -> new Inserts(connection, table, TpccSchema.columnCount(table));
        };
    }

    private static final class Appender extends TpccRows {
        private final DuckDBAppender appender;

        Appender(DuckDBConnection connection, String table) throws SQLException {
            appender = connection.createAppender(DuckDBConnection.DEFAULT_SCHEMA, table);
        }

        @Override
        void row(Object... values) throws SQLException {
            appender.beginRow();
            for (Object v : values) {
                if (v == null) {
                    appender.appendNull();
                } else if (v instanceof Integer i) {
                    appender.append(i.intValue());
                } else if (v instanceof BigDecimal d) {
                    appender.append(d);
                } else if (v instanceof Timestamp t) {
                    appender.append(t.toLocalDateTime());
                } else {
                    appender.append(v.toString());
                }
            }
            appender.endRow();
        }

        @Override
        public void close() throws SQLException {
            appender.close();
        }
    }

    /** COPY's text format: tab between values, {@code \N} for null; generated text never holds tab or backslash. */
    private static final class Copy extends TpccRows {
        private static final int FLUSH_CHARS = 1 << 16;
        private final CopyIn copy;
        private final StringBuilder buffer = new StringBuilder(FLUSH_CHARS + 4096);

        Copy(Connection connection, String table) throws SQLException {
            copy = connection.unwrap(PGConnection.class).getCopyAPI()
                    .copyIn("COPY " + table + " FROM STDIN WITH (FORMAT text)");
        }

        @Override
        void row(Object... values) throws SQLException {
            for (int i = 0; i < values.length; i++) {
                if (i > 0) {
                    buffer.append('\t');
                }
                Object v = values[i];
                buffer.append(v == null ? "\\N" : v instanceof BigDecimal d ? d.toPlainString() : v.toString());
            }
            buffer.append('\n');
            if (buffer.length() >= FLUSH_CHARS) {
                flush();
            }
        }

        private void flush() throws SQLException {
            byte[] bytes = buffer.toString().getBytes(StandardCharsets.UTF_8);
            copy.writeToCopy(bytes, 0, bytes.length);
            buffer.setLength(0);
        }

        @Override
        public void close() throws SQLException {
            try {
                flush();
                copy.endCopy();
            } finally {
                if (copy.isActive()) {
                    copy.cancelCopy();
                }
            }
        }
    }

    private static final class Inserts extends TpccRows {
        private final Connection connection;
        private final String table;
        private final int columns;
        private final PreparedStatement full;
        private final Object[][] pending = new Object[ROWS_PER_INSERT][];
        private int count;

        Inserts(Connection connection, String table, int columns) throws SQLException {
            this.connection = connection;
            this.table = table;
            this.columns = columns;
            this.full = connection.prepareStatement(sql(ROWS_PER_INSERT));
        }

        private String sql(int rows) {
            String one = "(" + "?, ".repeat(columns - 1) + "?)";
            return "INSERT INTO " + table + " VALUES " + String.join(", ", java.util.Collections.nCopies(rows, one));
        }

        @Override
        void row(Object... values) throws SQLException {
            pending[count++] = values;
            if (count == ROWS_PER_INSERT) {
                execute(full);
            }
        }

        private void execute(PreparedStatement statement) throws SQLException {
            int p = 0;
            for (int r = 0; r < count; r++) {
                for (Object v : pending[r]) {
                    bind(statement, ++p, v);
                }
            }
            statement.executeUpdate();
            count = 0;
        }

        private static void bind(PreparedStatement statement, int index, Object v) throws SQLException {
            if (v == null) {
                statement.setNull(index, Types.INTEGER);
            } else if (v instanceof Integer i) {
                statement.setInt(index, i);
            } else if (v instanceof BigDecimal d) {
                statement.setBigDecimal(index, d);
            } else if (v instanceof Timestamp t) {
                statement.setTimestamp(index, t);
            } else {
                statement.setString(index, v.toString());
            }
        }

        @Override
        public void close() throws SQLException {
            try (full) {
                if (count > 0) {
                    try (PreparedStatement rest = connection.prepareStatement(sql(count))) {
                        execute(rest);
                    }
                }
            }
        }
    }
}
