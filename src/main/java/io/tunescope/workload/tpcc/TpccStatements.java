package io.tunescope.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One user's prepared statements, each prepared on first use and kept for the run, and what two transactions share. */
abstract class TpccStatements implements AutoCloseable {
    protected final Connection connection;
    protected final TpccTerminal terminal;
    private final Map<String, PreparedStatement> prepared = new HashMap<>();

    TpccStatements(Connection connection, TpccTerminal terminal) {
        this.connection = connection;
        this.terminal = terminal;
    }

    /** The statement for {@code sql} with {@code parameters} bound (ints, BigDecimals, Strings, Timestamps). */
    protected PreparedStatement bound(String sql, Object... parameters) throws SQLException {
        PreparedStatement statement = prepared.get(sql);
        if (statement == null) {
            statement = connection.prepareStatement(sql);
            prepared.put(sql, statement);
        }
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
        return statement;
    }

    protected int update(String sql, Object... parameters) throws SQLException {
        return bound(sql, parameters).executeUpdate();
    }

    /**
     * The customer a Payment or Order-Status picks by last name (clause 2.5.2.2): of those of that name in the
     * district, sorted by first name, the one at position ceil(n / 2).
     */
    protected int customerByLastName(int w, int d, String last) throws SQLException {
        List<Integer> ids = new ArrayList<>();
        try (ResultSet rs = bound("SELECT c_id FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? "
                + "ORDER BY c_first", w, d, last).executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getInt(1));
            }
        }
        if (ids.isEmpty()) {
            throw new SQLException("no customer named " + last + " in district " + d + " of warehouse " + w, "02000");
        }
        return ids.get((ids.size() + 1) / 2 - 1);
    }

    /** The customer id of a Payment or Order-Status: 60 % by last name, else by NURand id (clause 2.5.1.2). */
    protected int pickCustomer(TpccRandom in, int w, int d) throws SQLException {
        return in.uniform(1, 100) <= 60 ? customerByLastName(w, d, in.randomLastName()) : in.customerId();
    }

    /**
     * Closes every statement, to be prepared again on next use: DuckDB closes a connection's prepared statements
     * when a transaction on it fails, and later uses would fail with "Statement was closed".
     */
    void discard() {
        try {
            close();
        } catch (SQLException e) {
            // statements already closed by the driver: nothing is left to release
        }
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (PreparedStatement statement : prepared.values()) {
            try {
                statement.close();
            } catch (SQLException e) {
                first = first == null ? e : first;
            }
        }
        prepared.clear();
        if (first != null) {
            throw first;
        }
    }
}
