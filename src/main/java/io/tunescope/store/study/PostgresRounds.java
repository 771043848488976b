package io.tunescope.store.study;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rounds of one partitioning run whose work-line tuners are processes of their own, in {@code tunescope_round},
 * over one connection. A row is keyed by (comparison, line, round): a line's tuner {@link #post posts} the
 * configuration of its round {@code t} (inserted once; posting the same again is a no-op, a different one an error),
 * the controller, once every live line has posted round {@code t}, measures the cluster once and
 * {@link #answer answers} every posted row of the round in one transaction (each row exactly once, or none), and each
 * tuner reads its row's {@link #result} back. Every statement runs in a transaction of its own.
 */
public final class PostgresRounds implements AutoCloseable {
    /** One row: a line's configuration for a round (JSON) and, once measured, its WIPS or why there are none. */
    public record Round(String line, int round, String config, Double wips, String error, boolean measured) {
    }

    /** What the controller tells one line about a round: its WIPS, or (wips null) the reason it has none. */
    public record Answer(Double wips, String error) {
        public Answer {
            if ((wips == null) == (error == null)) {
                throw new IllegalArgumentException("an answer has either WIPS or an error");
            }
        }
    }

    private final Connection connection;
    private final String comparison;
    private final String description;

    PostgresRounds(Connection connection, String comparison, String description) {
        this.connection = connection;
        this.comparison = comparison;
        this.description = description;
    }

    /** Posts {@code line}'s configuration for {@code round}; the same post again is a no-op. */
    public void post(String line, int round, String config) {
        sql("post round " + round + " of " + line, () -> {
            try (PreparedStatement ps = connection.prepareStatement("INSERT INTO tunescope_round (comparison, line, "
                    + "round, config) VALUES (?, ?, ?, ?) ON CONFLICT (comparison, line, round) DO NOTHING")) {
                ps.setString(1, comparison);
                ps.setString(2, line);
                ps.setInt(3, round);
                ps.setString(4, config);
                if (ps.executeUpdate() == 0 && !config.equals(row(line, round).map(Round::config).orElse(null))) {
                    throw new IllegalStateException(description + ": round " + round + " of line " + line
                            + " was posted before with another configuration");
                }
            }
            return null;
        });
    }

    /** The answer to {@code line}'s {@code round}, once the controller has written it. */
    public Optional<Answer> result(String line, int round) {
        return sql("read round " + round + " of " + line, () -> row(line, round).filter(Round::measured)
                .map(r -> new Answer(r.wips(), r.wips() == null ? String.valueOf(r.error()) : null)));
    }

    /** The configurations posted for {@code round} and not yet answered, by line. */
    public Map<String, String> pending(int round) {
        return sql("read round " + round, () -> {
            Map<String, String> out = new LinkedHashMap<>();
            for (Round r : rows(round)) {
                if (!r.measured()) {
                    out.put(r.line(), r.config());
                }
            }
            return out;
        });
    }

    /**
     * Answers {@code round} for every line in {@code byLine}, in one transaction: each row must be posted and not yet
     * answered, or nothing is written (an answer is never doubled).
     */
    public void answer(int round, Map<String, Answer> byLine) {
        sql("answer round " + round, () -> {
            try (PreparedStatement ps = connection.prepareStatement("UPDATE tunescope_round SET wips = ?, error = ?, "
                    + "measured_at = now() WHERE comparison = ? AND line = ? AND round = ? AND measured_at IS NULL")) {
                for (Map.Entry<String, Answer> e : byLine.entrySet()) {
                    if (e.getValue().wips() == null) {
                        ps.setNull(1, Types.DOUBLE);
                    } else {
                        ps.setDouble(1, e.getValue().wips());
                    }
                    ps.setString(2, e.getValue().error());
                    ps.setString(3, comparison);
                    ps.setString(4, e.getKey());
                    ps.setInt(5, round);
                    if (ps.executeUpdate() != 1) {
                        throw new IllegalStateException(description + ": round " + round + " of line " + e.getKey()
                                + " is not posted or already answered");
                    }
                }
            }
            return null;
        });
    }

    /** Every row of this comparison, by line and round. */
    public List<Round> all() {
        return sql("read the rounds", () -> rows(null));
    }

    private Optional<Round> row(String line, int round) throws SQLException {
        return rows(round).stream().filter(r -> r.line().equals(line)).findFirst();
    }

    private List<Round> rows(Integer round) throws SQLException {
        List<Round> out = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT line, round, config, wips, error, "
                + "measured_at IS NOT NULL FROM tunescope_round WHERE comparison = ? AND (?::integer IS NULL OR "
                + "round = ?::integer) ORDER BY line, round")) {
            ps.setString(1, comparison);
            if (round == null) {
                ps.setNull(2, Types.INTEGER);
                ps.setNull(3, Types.INTEGER);
            } else {
                ps.setInt(2, round);
                ps.setInt(3, round);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    double w = rs.getDouble(4);
                    out.add(new Round(rs.getString(1), rs.getInt(2), rs.getString(3), rs.wasNull() ? null : w,
                            rs.getString(5), rs.getBoolean(6)));
                }
            }
        }
        return out;
    }

    @Override
    public void close() {
        PostgresStudy.closeQuietly(connection);
    }

    private <T> T sql(String what, Transactions.Work<T> work) {
        return Transactions.inTransaction(connection, description, what, work);
    }
}
