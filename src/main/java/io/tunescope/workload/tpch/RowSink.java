package io.tunescope.workload.tpch;

/** Receives generated TPC-H rows one typed value at a time; one sink per table and loading thread. */
public interface RowSink extends AutoCloseable {
    void identifier(long value) throws Exception;

    void integer(int value) throws Exception;

    /** A DECIMAL(15,2) value given as its unscaled amount in hundredths (cents). */
    void decimalCents(long cents) throws Exception;

    void epochDays(int days) throws Exception;

    void text(String value) throws Exception;

    void endRow() throws Exception;

    @Override
    void close() throws Exception;
}
