package io.tunescope.workload.tpcc;

import io.tunescope.engine.SqlDialect;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;

/**
 * Where the loader's rows of one table go: COPY on PostgreSQL, the appender on DuckDB, LOAD DATA LOCAL on MariaDB
 * where the connection allows local infile, multi-row INSERTs elsewhere (one statement per
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
            case POSTGRES -> TpccTextRows.copy(connection, table);
            case DUCKDB -> new Appender(connection.unwrap(DuckDBConnection.class), table);
            case MARIADB -> TpccTextRows.allowsLocalInfile(connection) ? TpccTextRows.loadData(connection, table)
                    : new Inserts(connection, table, TpccSchema.columnCount(table));
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
