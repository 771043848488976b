package io.tunescope.workload;

import io.tunescope.store.ExecutionRecord;
import io.tunescope.workload.mix.LoadPhase;
import io.tunescope.workload.mix.TransactionWorkload;
import io.tunescope.workload.mix.UserTransactions;
import io.tunescope.workload.tpch.ResultValidator;
import io.tunescope.workload.tpch.Substitution;
import io.tunescope.workload.tpch.TpchQueries;
import io.tunescope.workload.tpch.TpchQueryParameters;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Recorder;

/** One closed-loop user: runs iterations of the workload on its own connection until its budget is spent. */
final class UserSession {
    private final DriverSettings settings;
    private final WorkloadConfig workload;
    private final int user;
    private final Driver.ConnectionOpener opener;
    private final ExecutionSink sink;
    private final Driver.ValidationListener validations;
    private final Recorder latencies;
    /** The workload of named transactions all users of the tenant share (their sequences, samples), or null. */
    private final TransactionWorkload transactions;
    /** The tenant's clock of the workload's own phases, or null when the command line's load applies. */
    private final PhaseClock phases;
    private final SplittableRandom parameterStream;
    private final Set<Integer> validated = new HashSet<>();
    private final long wallAnchorMicros = System.currentTimeMillis() * 1000;
    private final long nanoAnchor = System.nanoTime();
    private long sequence;
    /** The connection of a workload of named transactions, replaced after a loss when its user reconnects. */
    private UserConnection userConnection;
    private volatile long measureStartNanos;
    private volatile long measureEndNanos;

    UserSession(DriverSettings settings, int user, Driver.ConnectionOpener opener, ExecutionSink sink,
                Driver.ValidationListener validations, Recorder latencies, TransactionWorkload transactions,
                PhaseClock phases) {
        this.latencies = latencies;
        this.transactions = transactions;
        this.phases = phases;
        this.settings = settings;
        this.workload = settings.workload();
        this.user = user;
        this.opener = opener;
        this.sink = sink;
        this.validations = validations;
        this.parameterStream = new SplittableRandom(workload.seed() * 1_000_003L + settings.tenant().hashCode() * 7919L + user);
    }

    int user() {
        return user;
    }

    long measureStartNanos() {
        return measureStartNanos;
    }

    long measureEndNanos() {
        return measureEndNanos;
    }

    void run() throws SQLException, InterruptedException {
        if (transactions != null) {
            runTransactions(transactions);
            return;
        }
        try (QueryRunner runner = new QueryRunner(opener.open(user), workload.prepared())) {
            long deadline = Long.MAX_VALUE;
            for (int iteration = 0; ; iteration++) {
                boolean warmup = iteration < workload.warmupIterations();
                if (!warmup && measureStartNanos == 0) {
                    measureStartNanos = System.nanoTime();
                    if (workload.duration() != null) {
                        deadline = measureStartNanos + workload.duration().toNanos();
                    }
                }
                if (!warmup && workload.duration() == null
                        && iteration >= workload.warmupIterations() + workload.iterations()) {
                    return;
                }
                List<Integer> queries = workload.definition().queries(workload.seed() + user, iteration);
                for (int query : queries) {
                    if (!warmup && System.nanoTime() >= deadline) {
                        return;
                    }
                    runOne(runner, query, iteration, warmup);
                    pause();
                }
            }
        } finally {
            measureEndNanos = System.nanoTime();
        }
    }

    /**
     * The loop of a workload of named transactions: one transaction after another (with the pause between), each
     * recorded under its name; a failed transaction is recorded with its SQLSTATE and the user goes on, unless the
     * connection is gone and the workload does not reconnect ({@link UserTransactions#reconnects()}). With phases, the load shape follows them instead of the command line's.
     */
    private void runTransactions(TransactionWorkload transactions) throws SQLException, InterruptedException {
        List<String> names = transactions.transactionNames();
        try (UserConnection connection = new UserConnection(opener, user);
             UserTransactions mine = transactions.forUser(user, workload.seed(), connection.current(),
                     settings.dialect())) {
            userConnection = connection;
            if (phases != null) {
                runPhases(mine, names);
                return;
            }
            long deadline = Long.MAX_VALUE;
            // open load: this user's share of the tenant's Poisson arrivals (a sum of Poisson processes is one)
            double ratePerNano = workload.ratePerSec() / workload.users() / 1e9;
            long scheduled = System.nanoTime();
            for (int iteration = 0; ; iteration++) {
                boolean warmup = iteration < workload.warmupIterations();
                if (!warmup && measureStartNanos == 0) {
                    measureStartNanos = System.nanoTime();
                    scheduled = Math.max(scheduled, measureStartNanos);
                    if (workload.duration() != null) {
                        deadline = measureStartNanos + workload.duration().toNanos();
                    }
                }
                if (ratePerNano > 0) {
                    scheduled += nextArrivalNanos(ratePerNano);
                }
                if (!warmup && (workload.duration() == null
                        ? iteration >= workload.warmupIterations() + workload.iterations()
                        : (ratePerNano > 0 ? scheduled : System.nanoTime()) >= deadline)) {
                    return;
                }
                if (ratePerNano > 0) {
                    waitUntil(scheduled);
                }
                int index = mine.next();
                if (!waitWithin(mine.keyingNanos(index), warmup ? Long.MAX_VALUE : deadline)) {
                    return;
                }
                // open load counts from the scheduled start: a transaction held up by a slow one before it shows
                transaction(mine, names, index, iteration, warmup, ratePerNano > 0 ? scheduled : System.nanoTime());
                if (ratePerNano == 0 && !pauseAndThink(mine.thinkNanos(index), warmup ? Long.MAX_VALUE : deadline)) {
                    return;
                }
            }
        } finally {
            measureEndNanos = System.nanoTime();
        }
    }

    /**
     * The phases on the tenant's shared clock: in a closed phase a user above its number of users waits for the
     * phase's end; in an open one every user draws its share of the arrivals; each phase brings its weights.
     */
    private void runPhases(UserTransactions mine, List<String> names) throws SQLException, InterruptedException {
        int current = -1;
        long scheduled = 0;
        for (int iteration = 0; ; ) {
            int p = phases.phaseAt(System.nanoTime());
            if (p >= phases.size()) {
                return;
            }
            LoadPhase phase = phases.phase(p);
            if (p != current) {
                current = p;
                mine.weights(phase.weights());
                scheduled = Math.max(scheduled, phases.startOf(p));
            }
            if (!phase.warmup() && measureStartNanos == 0) {
                measureStartNanos = phases.startOf(p);
            }
            if (!phase.open() && user > phase.users()) {
                waitUntil(phases.endOf(p));
                continue;
            }
            int index = mine.next();
            if (!phase.open() && !waitWithin(mine.keyingNanos(index), phases.endOf(p))) {
                continue;
            }
            long start = System.nanoTime();
            if (phase.open()) {
                scheduled += nextArrivalNanos(phase.ratePerSec() / workload.users() / 1e9);
                if (scheduled >= phases.endOf(p)) {
                    // the next arrival falls after this phase: the next phase draws its own
                    waitUntil(phases.endOf(p));
                    continue;
                }
                waitUntil(scheduled);
                start = scheduled;
            }
            transaction(mine, names, index, iteration++, phase.warmup(), start);
            if (!phase.open()) {
                pauseAndThink(mine.thinkNanos(index), phases.endOf(p));
            }
        }
    }

    private long nextArrivalNanos(double ratePerNano) {
        return (long) (-Math.log(1.0 - parameterStream.nextDouble()) / ratePerNano);
    }

    /** Runs transaction {@code index}, which started at {@code start}, and records it. */
    private void transaction(UserTransactions mine, List<String> names, int index, int iteration, boolean warmup,
                             long start) throws SQLException, InterruptedException {
        long rows = 0;
        String error = null;
        try {
            rows = mine.run(index);
        } catch (SQLException e) {
            error = e.getSQLState() == null ? oneLine(e) : e.getSQLState() + ": " + oneLine(e);
            if (isConnectionLost(e)) {
                recordTransaction(names.get(index), iteration, warmup, start, System.nanoTime() - start, 0, error);
                if (!mine.reconnects()) {
                    throw e;
                }
                // the failure is recorded with its SQLSTATE; the user goes on on a new connection
                userConnection.replace(e, mine);
                return;
            }
        }
        long responseNanos = System.nanoTime() - start;
        if (!warmup) {
            latencies.recordValue(Math.min(responseNanos, Driver.MAX_TRACKED_NANOS));
        }
        recordTransaction(names.get(index), iteration, warmup, start, responseNanos, rows, error);
    }

    /**
     * A closed user's pause after a transaction, then its think time; false when the think time reached the deadline.
     * Open load has neither (run refuses --rate with think times).
     */
    private boolean pauseAndThink(long thinkNanos, long deadline) throws InterruptedException {
        pause();
        return waitWithin(thinkNanos, deadline);
    }

    /**
     * Waits {@code nanos} (a keying or think time), but not past {@code deadline}: false when the wait reached it, so
     * no transaction starts after the measurement (or the phase) ended.
     */
    private boolean waitWithin(long nanos, long deadline) throws InterruptedException {
        if (nanos <= 0) {
            return true;
        }
        long until = System.nanoTime() + nanos;
        if (deadline != Long.MAX_VALUE && until - deadline >= 0) {
            waitUntil(deadline);
            return false;
        }
        waitUntil(until);
        return true;
    }

    private void waitUntil(long nanoTime) throws InterruptedException {
        for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
            java.util.concurrent.locks.LockSupport.parkNanos(left);
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("user " + user + " interrupted");
            }
        }
    }

    private void recordTransaction(String name, int iteration, boolean warmup, long start, long responseNanos,
                                   long rows, String error) {
        sink.accept(new ExecutionRecord(settings.tenant(), user, ++sequence, iteration, name,
                warmup ? ExecutionRecord.Phase.WARMUP : ExecutionRecord.Phase.MEASURE, start,
                wallAnchorMicros + (start - nanoAnchor) / 1000, responseNanos, rows, error));
    }

    private void runOne(QueryRunner runner, int query, int iteration, boolean warmup) throws SQLException {
        List<Substitution> parameters = settings.data().validate() ? TpchQueryParameters.validation(query)
                : TpchQueryParameters.random(query, parameterStream, settings.data().scaleFactor());
        String sql = TpchQueries.sql(query, parameters, settings.dialect());
        boolean capture = settings.data().validate() && validated.add(query);
        long start = System.nanoTime();
        long startWall = wallAnchorMicros + (start - nanoAnchor) / 1000;
        String error = null;
        QueryRunner.Outcome outcome = null;
        try {
            outcome = runner.run(sql, capture);
        } catch (SQLException e) {
            error = oneLine(e);
            if (isConnectionLost(e)) {
                record(query, iteration, warmup, start, startWall, System.nanoTime() - start, 0, error);
                throw e;
            }
        }
        long responseNanos = System.nanoTime() - start;
        record(query, iteration, warmup, start, startWall, responseNanos, outcome == null ? 0 : outcome.rows(), error);
        if (capture) {
            validations.accept(user, TpchQueries.name(query), outcome == null
                    ? new ResultValidator.Verdict(false, "query failed: " + error)
                    : ResultValidator.validate(query, outcome.captured()));
        }
    }

    private void record(int query, int iteration, boolean warmup, long start, long startWall, long responseNanos,
                        long rows, String error) {
        sink.accept(new ExecutionRecord(settings.tenant(), user, ++sequence, iteration, TpchQueries.name(query),
                warmup ? ExecutionRecord.Phase.WARMUP : ExecutionRecord.Phase.MEASURE, start, startWall,
                responseNanos, rows, error));
    }

    private void pause() throws InterruptedException {
        long waitNanos = workload.waitAfterQuery().toNanos();
        if (waitNanos > 0) {
            TimeUnit.NANOSECONDS.sleep(waitNanos);
        }
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("user " + user + " interrupted");
        }
    }

    /** SQLState class 08 is a connection exception; 57P0x is PostgreSQL shutting down. */
    static boolean isConnectionLost(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("08") || state.startsWith("57P"));
    }

    static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.replaceAll("\\s+", " ").strip();
    }
}
