package io.tunescope.workload.mix;

import java.sql.SQLException;

/** One user's transactions; used by that user's thread only. */
public interface UserTransactions extends AutoCloseable {
    /** Draws the index (into the workload's names) of the next transaction, by weight. */
    int next();

    /**
     * Runs transaction {@code index} to its end and returns the rows it read; a failure leaves the connection
     * outside any transaction, ready for the next one.
     */
    long run(int index) throws SQLException, InterruptedException;

    @Override
    void close() throws SQLException;
}
