package io.tunescope.workload.tpcc;

import io.tunescope.workload.mix.UserTransactions;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.SplittableRandom;

/**
 * One terminal: draws the next transaction by the mix and runs it as one database transaction. A transaction that
 * fails on a serialization failure or deadlock (SQLSTATE class 40, or DuckDB's write conflict) is rolled back and its
 * failure reaches the driver, which records it with its SQLSTATE; the next draw then repeats the same transaction
 * with the same inputs (a retry, counted as one more execution, never hidden), up to {@value #MAX_RETRIES} times.
 * A terminal whose connection was lost (a database restart) goes on on a new one: the lost transaction is counted
 * as failed, not retried (it may have committed), and the draws go on where they were.
 */
final class TpccUser implements UserTransactions {
    static final int MAX_RETRIES = 10;

    private Connection connection;
    private final TpccTerminal terminal;
    private final SplittableRandom draws;
    private TpccTransactions transactions;
    private TpccReads reads;
    private final CConstants c;
    private final boolean autoCommitBefore;
    private final TpccWaits waits;
    private int retryIndex = -1;
    private long retrySeed;
    private int retries;
    private long lastSeed;
    private boolean retrying;

    TpccUser(Connection connection, TpccTerminal terminal, CConstants c, long seed) throws SQLException {
        this(connection, terminal, c, seed, null);
    }

    /** With {@code waits} (null for none), each transaction drawn anew is keyed before and thought about after. */
    TpccUser(Connection connection, TpccTerminal terminal, CConstants c, long seed, TpccWaits waits)
            throws SQLException {
        this.connection = connection;
        this.terminal = terminal;
        this.waits = waits;
        this.c = c;
        this.draws = new SplittableRandom(seed);
        this.autoCommitBefore = connection.getAutoCommit();
        connection.setAutoCommit(false);
        this.transactions = new TpccTransactions(connection, terminal);
        this.reads = new TpccReads(connection, terminal);
    }

    @Override
    public int next() {
        retrying = retryIndex >= 0;
        if (retrying) {
            lastSeed = retrySeed;
            return retryIndex;
        }
        lastSeed = draws.nextLong();
        return TpccWorkload.pick(draws.nextInt(100));
    }

    /** A retry repeats at once, as a terminal resubmits a transaction the database rolled back: no keying. */
    @Override
    public long keyingNanos(int index) {
        return waits == null || retrying ? 0 : waits.keyingNanos(index);
    }

    /** No think time before a retry (the transaction is not done yet). */
    @Override
    public long thinkNanos(int index) {
        return waits == null || retryIndex >= 0 ? 0 : waits.thinkNanos(index);
    }

    @Override
    public long run(int index) throws SQLException {
        TpccRandom inputs = new TpccRandom(lastSeed, c);
        long seedOfThis = lastSeed;
        retryIndex = -1;
        try {
            long rows = switch (index) {
                case TpccWorkload.NEW_ORDER -> transactions.newOrder(inputs);
                case TpccWorkload.PAYMENT -> transactions.payment(inputs);
                case TpccWorkload.ORDER_STATUS -> reads.orderStatus(inputs);
                case TpccWorkload.DELIVERY -> reads.delivery(inputs);
                case TpccWorkload.STOCK_LEVEL -> reads.stockLevel(inputs);
                default -> throw new IllegalArgumentException("no TPC-C transaction " + index);
            };
            connection.commit();
            retries = 0;
            return rows;
        } catch (SQLException e) {
            rollbackQuietly(e);
            transactions.discard();
            reads.discard();
            boolean retryable = retryable(e);
            if (retryable && retries < MAX_RETRIES) {
                retries++;
                retryIndex = index;
                retrySeed = seedOfThis;
            } else {
                retries = 0;
            }
            // DuckDB's write conflicts carry no SQLSTATE: they are serialization failures, counted as such
            throw retryable && e.getSQLState() == null ? new SQLException(e.getMessage(), "40001", e) : e;
        }
    }

    /** Serialization failures and deadlocks (class 40), and DuckDB's conflicts, which carry no SQLSTATE. */
    static boolean retryable(SQLException e) {
        String state = e.getSQLState();
        if (state != null) {
            return state.startsWith("40");
        }
        String message = e.getMessage();
        return message != null && message.contains("Conflict");
    }

    @Override
    public boolean reconnects() {
        return true;
    }

    @Override
    public void reconnected(Connection fresh) throws SQLException {
        transactions.discard();
        reads.discard();
        fresh.setAutoCommit(false);
        connection = fresh;
        transactions = new TpccTransactions(fresh, terminal);
        reads = new TpccReads(fresh, terminal);
        retryIndex = -1;
        retries = 0;
    }

    private void rollbackQuietly(SQLException failure) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    @Override
    public void close() throws SQLException {
        transactions.close();
        reads.close();
        if (!connection.isClosed()) {
            connection.setAutoCommit(autoCommitBefore);
        }
    }
}
