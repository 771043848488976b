package io.tunescope.workload.tpch;

import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.sql.SQLException;

/** Writes rows into a DuckDB table through its Appender (columnar chunks, no SQL parsing per row). */
public final class DuckDbAppenderSink implements RowSink {
    private final DuckDBAppender appender;
    private boolean inRow;

    public DuckDbAppenderSink(DuckDBConnection connection, String table) throws SQLException {
        this.appender = connection.createAppender(DuckDBConnection.DEFAULT_SCHEMA, table);
    }

    private DuckDBAppender row() throws SQLException {
        if (!inRow) {
            appender.beginRow();
            inRow = true;
        }
        return appender;
    }

    @Override
    public void identifier(long value) throws SQLException {
        row().append(value);
    }

    @Override
    public void integer(int value) throws SQLException {
        row().append(value);
    }

    @Override
    public void decimalCents(long cents) throws SQLException {
        row().appendDecimal(cents);
    }

    @Override
    public void epochDays(int days) throws SQLException {
        row().appendEpochDays(days);
    }

    @Override
    public void text(String value) throws SQLException {
        row().append(value);
    }

    @Override
    public void endRow() throws SQLException {
        row().endRow();
        inRow = false;
    }

    @Override
    public void close() throws SQLException {
        appender.close();
    }
}
