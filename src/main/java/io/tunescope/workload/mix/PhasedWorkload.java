package io.tunescope.workload.mix;

import io.tunescope.engine.SqlDialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** A workload run in the phases the command line gives instead of its own load shape. */
public record PhasedWorkload(TransactionWorkload workload, List<LoadPhase> phases) implements TransactionWorkload {
    public PhasedWorkload {
        phases = List.copyOf(phases);
    }

    @Override
    public List<String> transactionNames() {
        return workload.transactionNames();
    }

    @Override
    public UserTransactions forUser(int user, long seed, Connection connection, SqlDialect dialect)
            throws SQLException {
        return workload.forUser(user, seed, connection, dialect);
    }
}
