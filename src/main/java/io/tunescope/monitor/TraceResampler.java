package io.tunescope.monitor;

import io.tunescope.monitor.trace.ThreadTrace;
import io.tunescope.monitor.trace.TraceSummary;

import java.util.List;

/**
 * What a state sampler would have seen, reconstructed from the exact timeline: at ticks {@code origin + k·interval}
 * inside a window, each worker is {@code R} when on a CPU or waiting in a run queue (the state {@code /proc} shows),
 * else sleeping, and its core is the CPU it last ran on ({@code /proc/TID/stat} field 39). From those samples, the
 * study's sampled metrics, by the rules of {@link QueryMetricsCalculator} without its counters: the busy span
 * (first to last {@code R} sample, plus one interval), workers seen {@code R}, {@code R} over other samples,
 * {@code R}→other transitions, core changes between consecutive samples, and CPU time as {@code R} samples times the
 * interval. With {@code gated}, as the gated sampler ({@link SamplerMode#GATED}) sees it: a worker's state and core are
 * taken from the timeline only when it was on a CPU at some moment since the previous tick (its schedstat moved) or
 * was {@code R} at that tick; otherwise the previous tick's state and core carry over (the state one interval
 * before the window is taken as read).
 */
public final class TraceResampler {
    private TraceResampler() {
    }

    /** The sampled estimates of one window; {@code rsRatio} is null with no sleeping sample. */
    public record Estimate(double processingMillis, int activeWorkers, Double rsRatio, long rsJumps, long cpuJumps,
                           double workerCpuMillis, long samples) {
    }

    /** Samples {@code workers} in {@code [start, end]} at {@code origin + k·intervalNanos}, as the full sampler. */
    public static Estimate sample(TraceSummary trace, List<ThreadInfo> workers, long start, long end, long origin,
                                  long intervalNanos) {
        return sample(trace, workers, start, end, origin, intervalNanos, false);
    }

    /** As {@link #sample}, by the gated sampler's rule when {@code gated}. */
    public static Estimate sample(TraceSummary trace, List<ThreadInfo> workers, long start, long end, long origin,
                                  long intervalNanos, boolean gated) {
        long first = origin + Math.max(0, Math.floorDiv(start - origin + intervalNanos - 1, intervalNanos))
                * intervalNanos;
        long running = 0;
        long sleeping = 0;
        long jumps = 0;
        long coreChanges = 0;
        int active = 0;
        long firstBusy = Long.MAX_VALUE;
        long lastBusy = Long.MIN_VALUE;
        for (ThreadInfo w : workers) {
            ThreadTrace t = trace.threads().get(w.tid());
            boolean prevRunning = gated && t != null && runnableAt(t, first - intervalNanos);
            int prevCore = gated && t != null ? coreAt(t, first - intervalNanos) : -1;
            boolean seenRunning = false;
            for (long tick = first; tick <= end; tick += intervalNanos) {
                boolean read = !gated || prevRunning || t != null && ranBetween(t, tick - intervalNanos, tick);
                boolean r = read && t != null && runnableAt(t, tick);
                int core = prevCore; // carried when not read
                if (read) {
                    core = t == null ? -1 : coreAt(t, tick);
                }
                if (r) {
                    running++;
                    seenRunning = true;
                    firstBusy = Math.min(firstBusy, tick);
                    lastBusy = Math.max(lastBusy, tick);
                } else {
                    sleeping++;
                }
                jumps += tick > first && prevRunning && !r ? 1 : 0;
                coreChanges += tick > first && prevCore >= 0 && core >= 0 && core != prevCore ? 1 : 0;
                prevRunning = r;
                prevCore = core;
            }
            active += seenRunning ? 1 : 0;
        }
        double intervalMillis = intervalNanos / 1e6;
        double processing = firstBusy == Long.MAX_VALUE ? 0
                : Math.min((end - start) / 1e6, (lastBusy - firstBusy) / 1e6 + intervalMillis);
        return new Estimate(processing, active, sleeping > 0 ? (double) running / sleeping : null, jumps,
                coreChanges, running * intervalMillis, running + sleeping);
    }

    /** On a CPU or in a run queue at {@code nanos}. */
    static boolean runnableAt(ThreadTrace t, long nanos) {
        int i = lastStartingAtOrBefore(t.onCpu(), nanos, true);
        if (i >= 0 && nanos < t.onCpu().get(i).endNanos()) {
            return true;
        }
        int w = lastStartingAtOrBefore(t.waits(), nanos, false);
        return w >= 0 && nanos < t.waits().get(w).endNanos();
    }

    /** On a CPU at some moment in {@code (from, to]}: its schedstat moved. */
    static boolean ranBetween(ThreadTrace t, long from, long to) {
        int i = lastStartingAtOrBefore(t.onCpu(), to, true);
        return i >= 0 && t.onCpu().get(i).endNanos() > from;
    }

    /** The CPU of the last on-CPU interval begun by {@code nanos}, or -1. */
    static int coreAt(ThreadTrace t, long nanos) {
        int i = lastStartingAtOrBefore(t.onCpu(), nanos, true);
        return i < 0 ? -1 : t.onCpu().get(i).cpu();
    }

    private static int lastStartingAtOrBefore(List<?> sorted, long nanos, boolean onCpu) {
        int lo = 0;
        int hi = sorted.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long s = onCpu ? ((ThreadTrace.OnCpuInterval) sorted.get(mid)).startNanos()
                    : ((ThreadTrace.Wait) sorted.get(mid)).startNanos();
            if (s <= nanos) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
