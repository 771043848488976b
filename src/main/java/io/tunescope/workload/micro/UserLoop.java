package io.tunescope.workload.micro;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * One closed-loop user: its own connection and statement, executing back to back. {@link #executeOnce()} is the
 * whole per-operation cost of the harness (execute, drain, two clock reads, one histogram record, one counter
 * store); the JMH harness-cost benchmark measures exactly this method against a bare JDBC call.
 */
public final class UserLoop implements AutoCloseable {
    private final Connection connection;
    private final String sql;
    private final PreparedStatement prepared;
    private final Statement plain;
    private final SingleWriterRecorder latencyNanos = new SingleWriterRecorder(3);
    private final AtomicLong ops = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private volatile String firstError;

    public UserLoop(Connection connection, PlanMode mode, String statement, int userIndex) throws SQLException {
        this.connection = connection;
        this.sql = mode.sqlFor(statement, userIndex);
        this.prepared = mode.prepared() ? connection.prepareStatement(sql) : null;
        this.plain = mode.prepared() ? null : connection.createStatement();
    }

    /** Runs operations until {@code stop} says so; only SQL errors are caught (counted, first one kept). */
    public void runUntil(BooleanSupplier stop) {
        while (!stop.getAsBoolean()) {
            executeOnce();
        }
    }

    public void executeOnce() {
        long start = System.nanoTime();
        try {
            execute();
            latencyNanos.recordValue(System.nanoTime() - start);
            ops.lazySet(ops.get() + 1);
        } catch (SQLException e) {
            if (errors.getAndIncrement() == 0) {
                firstError = e.getMessage();
            }
        }
    }

    private void execute() throws SQLException {
        boolean hasRows = prepared != null ? prepared.execute() : plain.execute(sql);
        if (hasRows) {
            Statement s = prepared != null ? prepared : plain;
            try (ResultSet rs = s.getResultSet()) {
                while (rs.next()) {
                    rs.getObject(1);
                }
            }
        }
    }

    long ops() {
        return ops.get();
    }

    long errors() {
        return errors.get();
    }

    String firstError() {
        return firstError;
    }

    /** Latencies recorded since the last call; never stalls the user thread. */
    Histogram intervalLatency() {
        return latencyNanos.getIntervalHistogram();
    }

    @Override
    public void close() throws SQLException {
        try (connection) {
            if (prepared != null) {
                prepared.close();
            }
            if (plain != null) {
                plain.close();
            }
        }
    }
}
