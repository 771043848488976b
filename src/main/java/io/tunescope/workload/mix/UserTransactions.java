package io.tunescope.workload.mix;

import java.sql.SQLException;

/** One user's transactions; used by that user's thread only. */
public interface UserTransactions extends AutoCloseable {
    /** Draws the index (into the workload's names) of the next transaction, by weight. */
    int next();

    /** How long to wait before transaction {@code index} starts (a terminal's keying time); none by default. */
    default long keyingNanos(int index) {
        return 0;
    }

    /**
     * How long to wait after transaction {@code index} ended (a terminal's think time, a workload file's think time),
     * outside its response time; none by default.
     */
    default long thinkNanos(int index) {
        return 0;
    }

    /**
     * Runs transaction {@code index} to its end and returns the rows it read; a failure leaves the connection
     * outside any transaction, ready for the next one.
     */
    long run(int index) throws SQLException, InterruptedException;

    /**
     * Draws by these weights (a phase's, by transaction name) from now on, the workload's own for the names it does
     * not give; a workload without phases of its own keeps its mix.
     */
    default void weights(java.util.Map<String, Double> byName) {
    }

    /**
     * Whether this user goes on after its connection was lost (SQLSTATE class 08, or 57P, a server shutting down),
     * on a new connection handed to {@link #reconnected}; false (the default): the user ends with that failure.
     */
    default boolean reconnects() {
        return false;
    }

    /**
     * Takes {@code connection} in place of the lost one, outside any transaction; a failure here (the server went
     * down again) makes the driver try another connection. Called only when {@link #reconnects()} is true.
     */
    default void reconnected(java.sql.Connection connection) throws SQLException {
        throw new UnsupportedOperationException("this workload does not reconnect");
    }

    @Override
    void close() throws SQLException;
}
