package io.tunescope.workload.micro;

import io.tunescope.engine.inprocess.ConnectionSpec;
import io.tunescope.monitor.jfr.ContentionAnalyzer;
import io.tunescope.monitor.jfr.ContentionRecording;
import io.tunescope.monitor.jfr.ContentionTable;
import io.tunescope.monitor.jfr.ThreadBlockProbe;
import io.tunescope.monitor.jfr.ThreadBlockStats;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * Measures one point: {@code threads} users, each on its own connection, run the statement back to back; after a
 * warm-up, each iteration's throughput is the operations completed between two clock reads divided by the time
 * between them. Optionally records contention with JFR; the recording spans the warm-up too, but only events from
 * the measurement are counted.
 */
public final class ClosedLoop {
    public static final String USER_THREAD_PREFIX = "tunescope-user-";
    private static final long JOIN_MILLIS = 60_000;
    private static final long PROGRESS_STEP_MILLIS = 200;
    static final int FAST_SAMPLE_EVERY = 16;

    private final ConnectionSpec spec;
    private final String statement;
    private final Timing timing;
    private volatile boolean stop;

    public ClosedLoop(ConnectionSpec spec, String statement, Timing timing) {
        this.spec = spec;
        this.statement = statement;
        this.timing = timing;
    }

    /** Runs the point; {@code progressMillis} receives elapsed milliseconds as they pass. */
    public PointRun run(PointRequest point, LongConsumer progressMillis) throws SQLException, InterruptedException {
        List<UserLoop> users = openUsers(point);
        List<Thread> threads = new ArrayList<>();
        stop = false;
        try {
            for (int i = 0; i < users.size(); i++) {
                UserLoop user = users.get(i);
                Thread t = new Thread(() -> user.runUntil(() -> stop), USER_THREAD_PREFIX + i);
                t.setDaemon(true);
                threads.add(t);
            }
            threads.forEach(Thread::start);
            return measure(point, users, threads, progressMillis);
        } finally {
            stop = true;
            joinAll(threads);
            closeAll(users);
        }
    }

    private PointRun measure(PointRequest point, List<UserLoop> users, List<Thread> threads,
                             LongConsumer progressMillis) throws InterruptedException {
        // JFR starts before the warm-up (the analysis keeps only events from the measurement on); callers prime JFR
        // when the JVM starts (ContentionRecording.prime) so that this start does not deoptimize the engine's code
        ContentionRecording recording = point.recordsContention()
                ? ContentionRecording.start(Path.of(point.jfrFile()), Duration.ZERO) : null;
        long warmupOps = ops(users);
        long warmupStart = System.nanoTime();
        JitSettle.Warmup warmup = JitSettle.warmUp(timing.warmupMillis(), progressMillis, ClosedLoop::sleep);
        int sampleEvery = latencySampleEvery(ops(users) - warmupOps, System.nanoTime() - warmupStart,
                users.size());
        users.forEach(u -> u.sampleLatencyEvery(sampleEvery));
        users.forEach(UserLoop::intervalLatency);
        ThreadBlockProbe probe = new ThreadBlockProbe(threads, point.recordsContention());
        probe.begin();
        Instant measureStart = Instant.now();
        List<Double> opsPerSec = new ArrayList<>();
        List<Double> cpuCores = new ArrayList<>();
        Histogram latency = new Histogram(3);
        long errorsBefore = errors(users);
        long opsBefore = ops(users);
        long cpuBefore = ProcessCpu.nanos();
        double load = ProcessCpu.loadAverage();
        try {
            for (int i = 0; i < timing.iterations(); i++) {
                long ops0 = ops(users);
                long cpu0 = ProcessCpu.nanos();
                long t0 = System.nanoTime();
                sleep(timing.iterationMillis(), progressMillis);
                long ops1 = ops(users);
                long cpu1 = ProcessCpu.nanos();
                long t1 = System.nanoTime();
                opsPerSec.add((ops1 - ops0) * 1e9 / (t1 - t0));
                cpuCores.add((double) (cpu1 - cpu0) / (t1 - t0));
            }
            load = Math.max(load, ProcessCpu.loadAverage());
            users.forEach(u -> latency.add(u.intervalLatency()));
        } finally {
            if (recording != null) {
                recording.stop();
                recording.close();
            }
        }
        List<ThreadBlockStats> blocked = probe.end();
        ContentionTable table = recording == null ? null
                : ContentionAnalyzer.analyze(Path.of(point.jfrFile()), n -> n.startsWith(USER_THREAD_PREFIX),
                measureStart);
        long ops = ops(users) - opsBefore;
        double cpuNanosPerOp = ops == 0 ? Double.NaN : (double) (ProcessCpu.nanos() - cpuBefore) / ops;
        return new PointRun(ProcessHandle.current().pid(), point.mode(), point.threads(), warmup.millis(),
                warmup.jitQuiet(), opsPerSec, cpuCores, cpuNanosPerOp, load, sampleEvery,
                PointRun.encode(latency), errors(users) - errorsBefore, firstError(users), blocked, point.jfrFile(),
                table);
    }

    /**
     * Every operation is timed when one takes 20 us or more per user (two clock reads are then a negligible part of
     * it); faster ones, as seen in the warm-up, are timed one in {@link #FAST_SAMPLE_EVERY}.
     */
    static int latencySampleEvery(long warmupOps, long warmupNanos, int users) {
        if (warmupOps <= 0) {
            return 1;
        }
        double nanosPerOpPerUser = (double) warmupNanos * users / warmupOps;
        return nanosPerOpPerUser < 20_000 ? FAST_SAMPLE_EVERY : 1;
    }

    private List<UserLoop> openUsers(PointRequest point) throws SQLException {
        List<UserLoop> users = new ArrayList<>();
        try {
            for (int i = 0; i < point.threads(); i++) {
                users.add(new UserLoop(spec.open(), point.mode(), statement, i));
            }
            return users;
        } catch (SQLException | RuntimeException e) {
            closeAll(users);
            throw e;
        }
    }

    private static void sleep(long millis, LongConsumer progressMillis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        long left;
        while ((left = end - System.nanoTime()) > 0) {
            long step = Math.min(PROGRESS_STEP_MILLIS, TimeUnit.NANOSECONDS.toMillis(left) + 1);
            Thread.sleep(step);
            progressMillis.accept(step);
        }
    }

    private static long ops(List<UserLoop> users) {
        return users.stream().mapToLong(UserLoop::ops).sum();
    }

    private static long errors(List<UserLoop> users) {
        return users.stream().mapToLong(UserLoop::errors).sum();
    }

    private static String firstError(List<UserLoop> users) {
        return users.stream().map(UserLoop::firstError).filter(e -> e != null).findFirst().orElse(null);
    }

    private static void joinAll(List<Thread> threads) {
        boolean interrupted = false;
        for (Thread t : threads) {
            try {
                t.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeAll(List<UserLoop> users) {
        for (UserLoop u : users) {
            try {
                u.close();
            } catch (SQLException e) {
                // closing after the measurement; nothing measured depends on it
            }
        }
    }
}
