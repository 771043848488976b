package io.tunescope.workload.tpch;

import java.sql.SQLException;

/**
 * Receives generated TPC-H rows one typed value at a time; one sink per table and loading thread. Every sink writes
 * to a database through its driver, so the only failure it reports is the driver's.
 */
public interface RowSink extends AutoCloseable {
    void identifier(long value) throws SQLException;

    void integer(int value) throws SQLException;

    /** A DECIMAL(15,2) value given as its unscaled amount in hundredths (cents). */
    void decimalCents(long cents) throws SQLException;

    void epochDays(int days) throws SQLException;

    void text(String value) throws SQLException;

    void endRow() throws SQLException;

    @Override
    void close() throws SQLException;
}
