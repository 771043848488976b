package io.tunescope.workload;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs statements on one user's connection: plain (the study's choice) or prepared (cached per text). */
final class QueryRunner implements AutoCloseable {
    private static final int PREPARED_CACHE_SIZE = 64;

    private final Connection connection;
    private final boolean prepared;
    private final Map<String, PreparedStatement> preparedCache = new LinkedHashMap<>(16, 0.75f, true);
    private Statement plain;

    QueryRunner(Connection connection, boolean prepared) {
        this.connection = connection;
        this.prepared = prepared;
    }

    /** Rows of the result, and its cells as text when {@code capture} is set (for validation). */
    record Outcome(long rows, List<List<String>> captured) {
    }

    Outcome run(String sql, boolean capture) throws SQLException {
        try {
            return fetch(sql, capture);
        } catch (SQLException e) {
            discardStatement(sql);
            throw e;
        }
    }

    /** Some drivers (DuckDB) close a statement that failed: start the next execution on a fresh one. */
    private void discardStatement(String sql) {
        try {
            if (prepared) {
                PreparedStatement statement = preparedCache.remove(sql);
                if (statement != null) {
                    statement.close();
                }
            } else if (plain != null) {
                plain.close();
            }
        } catch (SQLException e) {
            // closing a broken statement may fail too; it is dropped either way
        }
        if (!prepared) {
            plain = null;
        }
    }

    private Outcome fetch(String sql, boolean capture) throws SQLException {
        try (ResultSet rs = execute(sql)) {
            long rows = 0;
            List<List<String>> captured = capture ? new ArrayList<>() : null;
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                rows++;
                if (capture) {
                    List<String> row = new ArrayList<>(columns);
                    for (int c = 1; c <= columns; c++) {
                        row.add(text(rs.getObject(c)));
                    }
                    captured.add(row);
                }
            }
            return new Outcome(rows, captured);
        }
    }

    private ResultSet execute(String sql) throws SQLException {
        if (!prepared) {
            if (plain == null) {
                plain = connection.createStatement();
            }
            return plain.executeQuery(sql);
        }
        PreparedStatement statement = preparedCache.get(sql);
        if (statement == null) {
            statement = connection.prepareStatement(sql);
            preparedCache.put(sql, statement);
            if (preparedCache.size() > PREPARED_CACHE_SIZE) {
                var eldest = preparedCache.entrySet().iterator();
                eldest.next().getValue().close();
                eldest.remove();
            }
        }
        return statement.executeQuery();
    }

    static String text(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof Double || value instanceof Float) {
            return BigDecimal.valueOf(((Number) value).doubleValue()).toPlainString();
        }
        return value.toString();
    }

    @Override
    public void close() throws SQLException {
        for (PreparedStatement statement : preparedCache.values()) {
            statement.close();
        }
        if (plain != null) {
            plain.close();
        }
        connection.close();
    }
}
