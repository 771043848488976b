package io.tunescope.store.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import io.tunescope.BadInputException;
import io.tunescope.store.JournalLine;
import io.tunescope.store.Json;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One writer on a study in PostgreSQL, over one connection it keeps for its life. The protocol:
 * <ul>
 *   <li>The writer takes a number from a sequence and holds a session-level advisory lock on it while connected:
 *       the server releases it when the connection ends, also when the writer's process is killed, so "the lock is
 *       free" means "the writer is gone".</li>
 *   <li>{@link #claim}: one transaction increments the study row's {@code last_trial} ({@code UPDATE ... RETURNING},
 *       which row-locks the study: concurrent claimers queue on it and each sees the committed value before it) and
 *       inserts the trial row as {@code running}. A number is handed out exactly once; a rolled-back claim returns
 *       its number with it.</li>
 *   <li>{@link #append}: one transaction turns this writer's {@code running} row into {@code done} with its result.
 *       Only {@code done} rows are results.</li>
 *   <li>{@link #takeOverAbandoned}: one transaction locks the {@code running} rows of other writers
 *       ({@code FOR UPDATE SKIP LOCKED}), keeps those whose writer's advisory lock it can take (the writer is gone)
 *       and makes them this writer's: another resuming writer then sees a live owner, so each is re-run once.</li>
 * </ul>
 */
public final class PostgresStudyStore implements StudyStore {
    private final Connection connection;
    private final String study;
    private final String description;
    private final int writer;

    PostgresStudyStore(Connection connection, String study, String description) throws SQLException {
        this.connection = connection;
        this.study = study;
        this.description = description;
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT nextval('tunescope_writer_seq')::integer")) {
            rs.next();
            this.writer = rs.getInt(1);
        }
        try (PreparedStatement lock = connection.prepareStatement("SELECT pg_advisory_lock(?, ?)")) {
            lock.setInt(1, StudySchema.LOCK_SPACE);
            lock.setInt(2, writer);
            lock.execute();
        }
        connection.commit();
    }

    /** This writer's number in the study store (its claims carry it). */
    public int writer() {
        return writer;
    }

    boolean exists() throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT 1 FROM tunescope_study WHERE name = ?")) {
            ps.setString(1, study);
            try (ResultSet rs = ps.executeQuery()) {
                boolean found = rs.next();
                connection.commit();
                return found;
            }
        }
    }

    @Override
    public JournalLine.Session header() {
        return sql("read the header", () -> {
            try (PreparedStatement ps = connection.prepareStatement("SELECT header FROM tunescope_study "
                    + "WHERE name = ?")) {
                ps.setString(1, study);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw BadInputException.of("--study-name", study, "is not a study in " + description);
                    }
                    JournalLine line = parse(rs.getString(1));
                    if (!(line instanceof JournalLine.Session session)) {
                        throw BadInputException.of(description, "header", "is not a tunescope session header");
                    }
                    return session;
                }
            }
        });
    }

    @Override
    public List<JournalLine.Trial> completedTrials() {
        return sql("read the trials", () -> {
            List<JournalLine.Trial> out = new ArrayList<>();
            try (PreparedStatement ps = connection.prepareStatement("SELECT trial, result FROM "
                    + "tunescope_trial WHERE study = ? AND state = 'done' ORDER BY trial")) {
                ps.setString(1, study);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        if (parse(rs.getString(2)) instanceof JournalLine.Trial t) {
                            out.add(t);
                        }
                    }
                }
            }
            return out;
        });
    }

    /** The trials claimed and not (yet) completed, by any writer: running ones, and abandoned ones until taken over. */
    public List<Claim> runningTrials() {
        return sql("read the running trials", () -> {
            List<Claim> out = new ArrayList<>();
            try (PreparedStatement ps = connection.prepareStatement("SELECT trial, config, is_default FROM "
                    + "tunescope_trial WHERE study = ? AND state = 'running' ORDER BY trial")) {
                ps.setString(1, study);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(claim(rs));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public int claim(int proposed, Map<String, Object> config, boolean isDefault) {
        return sql("claim a trial", () -> {
            int trial;
            try (PreparedStatement ps = connection.prepareStatement("UPDATE tunescope_study SET "
                    + "last_trial = last_trial + 1 WHERE name = ? RETURNING last_trial")) {
                ps.setString(1, study);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new IllegalStateException(description + " no longer exists");
                    }
                    trial = rs.getInt(1);
                }
            }
            try (PreparedStatement ps = connection.prepareStatement("INSERT INTO tunescope_trial (study, "
                    + "trial, writer, state, config, is_default) VALUES (?, ?, ?, 'running', ?, ?)")) {
                ps.setString(1, study);
                ps.setInt(2, trial);
                ps.setInt(3, writer);
                ps.setString(4, Json.MAPPER.writeValueAsString(config));
                ps.setBoolean(5, isDefault);
                ps.executeUpdate();
            }
            return trial;
        });
    }

    @Override
    public List<Claim> takeOverAbandoned() {
        return sql("take over abandoned trials", () -> {
            List<Claim> taken = new ArrayList<>();
            // the running rows of other writers, locked by this transaction (rows another resumer holds are skipped)
            try (PreparedStatement ps = connection.prepareStatement("SELECT trial, config, is_default "
                    + "FROM tunescope_trial t WHERE study = ? AND state = 'running' AND writer <> ? "
                    + "AND pg_try_advisory_xact_lock(?, writer) "
                    + "ORDER BY trial FOR UPDATE SKIP LOCKED")) {
                ps.setString(1, study);
                ps.setInt(2, writer);
                ps.setInt(3, StudySchema.LOCK_SPACE);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        taken.add(claim(rs));
                    }
                }
            }
            try (PreparedStatement ps = connection.prepareStatement("UPDATE tunescope_trial SET writer = "
                    + "?, claimed_at = now() WHERE study = ? AND trial = ?")) {
                for (Claim c : taken) {
                    ps.setInt(1, writer);
                    ps.setString(2, study);
                    ps.setInt(3, c.trial());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return taken;
        });
    }

    @Override
    public void append(JournalLine.Trial trial) {
        sql("append trial " + trial.trial(), () -> {
            try (PreparedStatement ps = connection.prepareStatement("UPDATE tunescope_trial SET state = "
                    + "'done', result = ?, completed_at = now() "
                    + "WHERE study = ? AND trial = ? AND writer = ? AND state = 'running'")) {
                ps.setString(1, trial.toJson());
                ps.setString(2, study);
                ps.setInt(3, trial.trial());
                ps.setInt(4, writer);
                if (ps.executeUpdate() != 1) {
                    throw new IllegalStateException("trial " + trial.trial() + " of " + description
                            + " is not running under writer " + writer + ": it cannot be appended");
                }
            }
            return null;
        });
    }

    @Override
    public boolean shared() {
        return true;
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void close() {
        PostgresStudy.closeQuietly(connection);
    }

    private static Claim claim(ResultSet rs) throws SQLException {
        try {
            Map<String, Object> config = Json.MAPPER.readValue(rs.getString(2), new TypeReference<>() { });
            return new Claim(rs.getInt(1), config, rs.getBoolean(3));
        } catch (JsonProcessingException e) {
            throw new SQLException("the configuration of trial " + rs.getInt(1) + " is not JSON", e);
        }
    }

    private JournalLine parse(String json) throws SQLException {
        try {
            return JournalLine.parse(json);
        } catch (JsonProcessingException e) {
            throw new SQLException(description + " holds a row that is not a journal line", e);
        }
    }

    /** One unit of work in one transaction: committed when it returns, rolled back when it throws. */
    private <T> T sql(String what, Transactions.Work<T> work) {
        return Transactions.inTransaction(connection, description, what, work);
    }
}
