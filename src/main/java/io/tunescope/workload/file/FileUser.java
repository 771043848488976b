package io.tunescope.workload.file;

import io.tunescope.workload.mix.UserTransactions;
import io.tunescope.workload.pgbench.SqlText;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One user's transactions of a workload file on its own connection: each transaction's statements are prepared once
 * and run in one database transaction with their parameters bound (never spliced into the SQL); a transaction that
 * fails is rolled back and its statements are prepared afresh for its next run.
 */
final class FileUser implements UserTransactions {
    private final Connection connection;
    private final TransactionSpec[] transactions;
    private final UserDraws draws;
    private final boolean untypedText;
    private final PreparedStatement[][] prepared;
    /** Per transaction and statement, the index into the transaction's parameter list of each bound variable. */
    private final int[][][] slots;
    private final ParameterSpec[][] parameters;
    private final Object[][] values;
    private final double[] cumulative;

    FileUser(Connection connection, List<TransactionSpec> transactions, UserDraws draws, boolean untypedText)
            throws SQLException {
        this.connection = connection;
        this.transactions = transactions.toArray(TransactionSpec[]::new);
        this.draws = draws;
        this.untypedText = untypedText;
        int n = this.transactions.length;
        prepared = new PreparedStatement[n][];
        slots = new int[n][][];
        parameters = new ParameterSpec[n][];
        values = new Object[n][];
        cumulative = new double[n];
        for (int t = 0; t < n; t++) {
            TransactionSpec spec = this.transactions[t];
            List<String> names = new ArrayList<>(spec.parameters().keySet());
            parameters[t] = names.stream().map(spec.parameters()::get).toArray(ParameterSpec[]::new);
            values[t] = new Object[names.size()];
            prepared[t] = new PreparedStatement[spec.statements().size()];
            slots[t] = new int[spec.statements().size()][];
            for (int s = 0; s < spec.statements().size(); s++) {
                slots[t][s] = spec.statements().get(s).variables().stream().mapToInt(names::indexOf).toArray();
            }
        }
        weights(Map.of());
        connection.setAutoCommit(false);
    }

    /**
     * Draws by {@code override}'s weights from now on (a phase's), the file's own for transactions it does not name.
     */
    @Override
    public void weights(Map<String, Double> override) {
        double sum = 0;
        for (int t = 0; t < transactions.length; t++) {
            sum += override.getOrDefault(transactions[t].name(), transactions[t].weight());
            cumulative[t] = sum;
        }
    }

    @Override
    public int next() {
        double x = draws.random().nextDouble() * cumulative[cumulative.length - 1];
        for (int t = 0; t < cumulative.length - 1; t++) {
            if (x < cumulative[t]) {
                return t;
            }
        }
        return cumulative.length - 1;
    }

    @Override
    public long thinkNanos(int index) {
        return transactions[index].thinkTime().toNanos();
    }

    @Override
    public long run(int index) throws SQLException {
        draws.newRun();
        Object[] drawn = values[index];
        for (int p = 0; p < drawn.length; p++) {
            drawn[p] = parameters[index][p].draw(draws);
        }
        long rows = 0;
        try {
            List<SqlText.Statement> statements = transactions[index].statements();
            for (int s = 0; s < statements.size(); s++) {
                PreparedStatement statement = prepared[index][s];
                if (statement == null) {
                    statement = connection.prepareStatement(statements.get(s).sql());
                    prepared[index][s] = statement;
                }
                int[] bound = slots[index][s];
                for (int b = 0; b < bound.length; b++) {
                    bind(statement, b + 1, drawn[bound[b]]);
                }
                rows += drain(statement);
            }
            connection.commit();
            return rows;
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly(e);
            forget(index);
            throw e;
        }
    }

    private void bind(PreparedStatement statement, int at, Object value) throws SQLException {
        if (value instanceof Long l) {
            statement.setLong(at, l);
        } else if (value instanceof String text) {
            if (untypedText) {
                // as pgbench does: the server infers the type from where the parameter stands
                statement.setObject(at, text, Types.OTHER);
            } else {
                statement.setString(at, text);
            }
        } else if (value == null) {
            statement.setNull(at, Types.NULL);
        } else {
            statement.setObject(at, value);
        }
    }

    private static long drain(PreparedStatement statement) throws SQLException {
        long rows = 0;
        if (statement.execute()) {
            try (ResultSet rs = statement.getResultSet()) {
                while (rs.next()) {
                    rows++;
                }
            }
        }
        return rows;
    }

    private void rollbackQuietly(Exception cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }

    private void forget(int index) {
        PreparedStatement[] statements = prepared[index];
        for (int s = 0; s < statements.length; s++) {
            if (statements[s] != null) {
                try {
                    statements[s].close();
                } catch (SQLException e) {
                    // a statement of a failed transaction may be closed already; it is prepared afresh either way
                }
                statements[s] = null;
            }
        }
    }

    @Override
    public void close() throws SQLException {
        for (int t = 0; t < prepared.length; t++) {
            forget(t);
        }
    }
}
