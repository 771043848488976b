package io.tunescope.workload.tpch;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.Collections;

/** Loads rows through batched prepared INSERTs: the portable path for any JDBC database without a bulk API. */
public final class BatchInsertSink implements RowSink {
    private static final int BATCH_ROWS = 1_000;

    private final Connection connection;
    private final PreparedStatement insert;
    private int parameter = 1;
    private int pending;

    public BatchInsertSink(Connection connection, String table, int columnCount) throws SQLException {
        this.connection = connection;
        connection.setAutoCommit(false);
        this.insert = connection.prepareStatement("INSERT INTO " + table + " VALUES ("
                + String.join(", ", Collections.nCopies(columnCount, "?")) + ")");
    }

    @Override
    public void identifier(long value) throws SQLException {
        insert.setLong(parameter++, value);
    }

    @Override
    public void integer(int value) throws SQLException {
        insert.setInt(parameter++, value);
    }

    @Override
    public void decimalCents(long cents) throws SQLException {
        insert.setBigDecimal(parameter++, BigDecimal.valueOf(cents, 2));
    }

    @Override
    public void epochDays(int days) throws SQLException {
        insert.setDate(parameter++, Date.valueOf(LocalDate.ofEpochDay(days)));
    }

    @Override
    public void text(String value) throws SQLException {
        insert.setString(parameter++, value);
    }

    @Override
    public void endRow() throws SQLException {
        insert.addBatch();
        parameter = 1;
        if (++pending == BATCH_ROWS) {
            insert.executeBatch();
            connection.commit();
            pending = 0;
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            if (pending > 0) {
                insert.executeBatch();
            }
            connection.commit();
        } finally {
            insert.close();
        }
    }
}
