package io.tunescope.workload.mix;

import io.tunescope.engine.SqlDialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A workload as data: named transactions, each one or more statements, drawn by weight by every user; how a
 * transaction picks its parameters and checks its results is the workload's own business. The driver runs any
 * implementation the same way (closed users or arrivals at a rate) and records every execution under its
 * transaction's name.
 */
public interface TransactionWorkload {
    /** The transactions' names, as executions, summaries and results databases carry them. */
    List<String> transactionNames();

    /** The phases of the workload's own load shape, in order; empty when the command line's load applies. */
    default List<LoadPhase> phases() {
        return List.of();
    }

    /**
     * One user's own instance on its own connection (its variables, statements and random stream); called on that
     * user's thread before its first transaction. {@code user} counts from 1.
     */
    UserTransactions forUser(int user, long seed, Connection connection, SqlDialect dialect) throws SQLException;
}
