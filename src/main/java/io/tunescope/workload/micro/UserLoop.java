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
 * One closed-loop user: its own connection and statement, executing back to back. {@link #step()} is the whole
 * per-operation cost of the harness (execute, drain, a counter store, and on sampled operations two clock reads and
 * one histogram record); the JMH harness-cost benchmark measures exactly this method against a bare JDBC call.
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
    private volatile int sampleEvery = 1;
    private int countdown;

    public UserLoop(Connection connection, PlanMode mode, String statement, int userIndex) throws SQLException {
        this.connection = connection;
        this.sql = mode.sqlFor(statement, userIndex);
        this.prepared = mode.prepared() ? connection.prepareStatement(sql) : null;
        this.plain = mode.prepared() ? null : connection.createStatement();
    }

    /** Runs operations until {@code stop} says so; only SQL errors are caught (counted, first one kept). */
    public void runUntil(BooleanSupplier stop) {
        while (!stop.getAsBoolean()) {
            step();
        }
    }

    /** Times every {@code n}-th operation from now on (1: every one); see {@link #step()}. */
    public void sampleLatencyEvery(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n (" + n + ") must be at least 1");
        }
        sampleEvery = n;
    }

    public int latencySampleEvery() {
        return sampleEvery;
    }

    /**
     * One operation. Only every {@code sampleEvery}-th is timed (two clock reads and one histogram record), as JMH's
     * SampleTime mode does: a clock read costs a noticeable share of the cheapest statements (an in-memory
     * {@code VALUES 1}), so timing every one would make the harness measurably slower than a bare JDBC loop
     * (docs/benchmarks.md, scalability lab harness cost).
     */
    public void step() {
        try {
            if (--countdown <= 0) {
                countdown = sampleEvery;
                long start = System.nanoTime();
                execute();
                latencyNanos.recordValue(System.nanoTime() - start);
            } else {
                execute();
            }
            ops.lazySet(ops.get() + 1);
        } catch (SQLException e) {
            if (errors.getAndIncrement() == 0) {
                firstError = e.getMessage();
            }
        }
    }

    /** One timed operation for callers outside the loop (the statement check). */
    public void executeOnce() {
        countdown = 0;
        step();
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

    public long ops() {
        return ops.get();
    }

    public long errors() {
        return errors.get();
    }

    public String firstError() {
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
