package io.tunescope.workload;

import io.tunescope.workload.tpch.ResultValidator;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the users of one tenant in a closed loop, each on its own connection and thread ({@code user-<tenant>-<n>}),
 * and hands every execution to an {@link ExecutionSink}. Memory stays flat however long it runs: nothing is kept
 * here beyond the current execution.
 */
public final class Driver {
    /** Opens one user's connection; called on that user's thread. */
    @FunctionalInterface
    public interface ConnectionOpener {
        Connection open(int user) throws SQLException;

        /**
         * A new connection for a user whose connection was lost, from the same source; null (the default) when this
         * opener cannot give one, and the user ends.
         */
        default Connection reopen(int user) throws SQLException {
            return null;
        }
    }

    /** Hears the validation verdict of the first execution of each query by each user. */
    @FunctionalInterface
    public interface ValidationListener {
        void accept(int user, String query, ResultValidator.Verdict verdict);
    }

    private final DriverSettings settings;
    private final ConnectionOpener opener;
    private final ExecutionSink sink;
    private final ValidationListener validations;
    /** The longest response time the interval histograms hold; a longer one is counted as this. */
    static final long MAX_TRACKED_NANOS = java.util.concurrent.TimeUnit.HOURS.toNanos(1);
    /**
     * Response times of measured transactions (workloads of named transactions), for interval progress; fixed in
     * range (1 us to 1 h, 3 digits) so that recording never resizes.
     */
    private final Recorder latencies = new Recorder(1_000, MAX_TRACKED_NANOS, 3);

    public Driver(DriverSettings settings, ConnectionOpener opener, ExecutionSink sink, ValidationListener validations) {
        this.settings = settings;
        this.opener = opener;
        this.sink = sink;
        this.validations = validations;
    }

    /** What the users did: the measurement window (monotonic nanos) and the first fatal failure, if any. */
    public record Result(long measureStartNanos, long measureEndNanos, String fatalError) {
        public double measureSeconds() {
            return Math.max(0, measureEndNanos - measureStartNanos) / 1e9;
        }
    }

    /**
     * The response times (nanoseconds) recorded since the last call; {@code recycle} (the histogram a previous call
     * returned, or null) is reused so that reporting allocates nothing. Safe to call while users run.
     */
    public Histogram intervalLatencies(Histogram recycle) {
        return latencies.getIntervalHistogram(recycle);
    }

    /** Runs all users to completion (or until interrupted) and returns the measurement window. */
    public Result run() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(settings.workload().users());
        AtomicReference<String> fatal = new AtomicReference<>();
        List<UserSession> sessions = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        // one instance for all users: what they share (a workload file's sequences and samples) is shared
        io.tunescope.workload.mix.TransactionWorkload transactions = settings.workload().definition().transactions();
        PhaseClock phases = transactions == null || transactions.phases().isEmpty() ? null
                : new PhaseClock(transactions.phases());
        for (int user = 1; user <= settings.workload().users(); user++) {
            UserSession session = new UserSession(settings, user, opener, sink, validations, latencies,
                    transactions, phases);
            sessions.add(session);
            Thread thread = new Thread(() -> {
                try {
                    session.run();
                } catch (Exception e) {
                    fatal.compareAndSet(null, "user " + session.user() + ": " + e.getMessage());
                } finally {
                    done.countDown();
                }
            }, "user-" + settings.tenant() + "-" + user);
            threads.add(thread);
        }
        if (phases != null) {
            phases.start(System.nanoTime());
        }
        threads.forEach(Thread::start);
        try {
            done.await();
        } catch (InterruptedException e) {
            threads.forEach(Thread::interrupt);
            throw e;
        }
        long start = sessions.stream().mapToLong(UserSession::measureStartNanos).filter(n -> n != 0).min().orElse(0);
        if (start == 0) {
            // no user got past its warm-up: there is no measurement window
            return new Result(0, 0, fatal.get());
        }
        long end = sessions.stream().mapToLong(UserSession::measureEndNanos).max().orElse(start);
        return new Result(start, end, fatal.get());
    }
}
