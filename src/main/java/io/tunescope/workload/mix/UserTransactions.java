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

    /**
     * The think time a closed-loop user spends after transaction {@code index}, outside its response time
     * (nanoseconds; 0 by default).
     */
    default long thinkNanos(int index) {
        return 0;
    }

    /**
     * Draws by these weights (a phase's, by transaction name) from now on, the workload's own for the names it does
     * not give; a workload without phases of its own keeps its mix.
     */
    default void weights(java.util.Map<String, Double> byName) {
    }

    @Override
    void close() throws SQLException;
}
