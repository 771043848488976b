package io.tunescope.monitor;

import io.tunescope.BadInputException;
import io.tunescope.monitor.store.RawSampleFile;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Samples every thread of the monitored processes on its own thread in the controller process, at a fixed rate.
 * Timestamps are {@code System.nanoTime()} (CLOCK_MONOTONIC on Linux, comparable with values taken in other JVMs on
 * the same machine). A tick that starts more than half an interval late is counted late; when a whole interval
 * passes without a tick, the skipped ticks are counted missed and the schedule moves on; it is never stretched.
 *
 * <pre>{@code
 * ThreadMonitor monitor = ThreadMonitor.start(List.of(
 *         new MonitoredProcess("t1", tenantPid, false, new DuckDbClassifier())), Duration.ofMillis(8));
 * ... run the workload, recording (tenant, startNanos, endNanos) per execution ...
 * try (Recording recording = monitor.stop()) {
 *     QueryMetrics m = QueryMetricsCalculator.metricsFor(recording, "t1", startNanos, endNanos);
 * }
 * }</pre>
 */
public final class ThreadMonitor {
    private final MonitorOptions options;
    private final ThreadSampler sampler;
    private final RawSampleFile raw;
    private final Thread thread;
    private final long startNanos;
    private volatile boolean stopping;
    private volatile long ticks;
    private volatile long missedTicks;
    private volatile long lateTicks;
    private volatile long selfCpuNanos = -1;
    private volatile RuntimeException failure;
    private long stopNanos;

    private ThreadMonitor(List<MonitoredProcess> processes, MonitorOptions options) {
        this.options = options;
        this.startNanos = System.nanoTime();
        this.raw = RawSampleFile.create(options.rawFile());
        this.sampler = new ThreadSampler(processes, options.procRoot(), raw, startNanos, System::nanoTime,
                options.sampler());
        sampler.scan(startNanos);
        if (sampler.liveThreads() == 0) {
            sampler.close();
            raw.close();
            throw BadInputException.of("pid", processes.stream().map(p -> Integer.toString(p.pid()))
                    .reduce((a, b) -> a + "," + b).orElse(""), "must name at least one running, readable process");
        }
        this.thread = new Thread(this::loop, "tunescope-monitor");
        thread.setDaemon(true);
        thread.setPriority(Thread.MAX_PRIORITY);
    }

    public static ThreadMonitor start(List<MonitoredProcess> processes, Duration interval) {
        return start(processes, MonitorOptions.defaults(interval));
    }

    /** Scans the processes now (bad pids fail here) and starts sampling on a new thread. */
    public static ThreadMonitor start(List<MonitoredProcess> processes, MonitorOptions options) {
        if (processes.isEmpty()) {
            throw BadInputException.of("pid", "none", "must be given at least once");
        }
        ThreadMonitor m = new ThreadMonitor(processes, options);
        m.thread.start();
        return m;
    }

    private void loop() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long cpuStart = mx.getCurrentThreadCpuTime();
        long interval = options.interval().toNanos();
        long next = startNanos;
        try {
            while (!stopping) {
                next = waitOrTick(next, interval);
            }
            long now = System.nanoTime();
            sampler.sweep(now, true);
            ticks = ticks + 1;
            stopNanos = now;
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            selfCpuNanos = mx.getCurrentThreadCpuTime() - cpuStart;
        }
    }

    /**
     * Waits for the tick due at {@code due} (or part of the way: a park may return early) or runs it when it is due;
     * returns when the next tick is due. The whole step is a method so that the JIT compiles it after a few hundred
     * ticks: the loop that calls it runs once, and at 8 ms its body would wait minutes in the interpreter for an
     * on-stack replacement.
     */
    private long waitOrTick(long due, long interval) {
        long now = System.nanoTime();
        if (now < due) {
            LockSupport.parkNanos(due - now);
            return due;
        }
        return tick(now, due, interval, ticks);
    }

    /** Tick number {@code tick}, due at {@code due} and run at {@code now}: counted missed or late, then swept. */
    private long tick(long now, long due, long interval, long tick) {
        long next = due;
        long lateness = now - next;
        if (lateness >= interval) {
            long skipped = lateness / interval;
            missedTicks += skipped;
            next += skipped * interval;
            lateness -= skipped * interval;
        }
        if (lateness > interval / 2) {
            lateTicks++;
        }
        if (tick > 0 && tick % options.rescanEveryTicks() == 0) {
            sampler.scan(now);
        }
        sampler.sweep(now, tick % options.countersEveryTicks() == 0);
        ticks = tick + 1;
        return next + interval;
    }

    /** Ticks done so far (for progress display). */
    public long ticks() {
        return ticks;
    }

    public LiveTotals liveTotals() {
        return sampler.totals();
    }

    public long startNanos() {
        return startNanos;
    }

    /** Stops sampling after one last full sweep and returns the recording (close it to free its raw file). */
    public Recording stop() {
        stopping = true;
        LockSupport.unpark(thread);
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        sampler.close();
        if (failure != null) {
            raw.close();
            throw new IllegalStateException("monitor failed: " + failure.getMessage(), failure);
        }
        raw.finish();
        long[] reads = sampler.stateReads();
        return new Recording(options.interval(), options.countersEveryTicks(), startNanos, stopNanos, ticks, missedTicks, lateTicks, selfCpuNanos,
                sampler.threadInfos(), sampler.system(), sampler.problems(), raw,
                new Recording.SamplerUse(options.sampler().label(), reads[0], reads[1]));
    }
}
