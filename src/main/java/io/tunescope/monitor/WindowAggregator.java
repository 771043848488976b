package io.tunescope.monitor;

import io.tunescope.monitor.store.SampleVisitor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Folds the raw samples of a recording over one window {@code [fromNanos, toNanos]} into one {@link ThreadWindow}
 * per thread that was sampled in it.
 *
 * <p>Counter deltas run from the counter's value at the start edge to its value at the end edge, each interpolated
 * between the readings around it ({@link EdgeCounter}); with counters read at every tick this is the reading
 * just before each edge and exact up to one interval. A thread first seen after the recording started counts from
 * 0 (kernel counters start at 0 when a thread is born); one seen from the start counts from its first reading.
 * Sampled counts (running, sleeping, sampled jumps and core changes) use only the samples inside the window.
 */
public final class WindowAggregator implements SampleVisitor {
    private static final int CPU = 0;
    private final Recording recording;
    private final long fromNanos;
    private final long toNanos;
    private final Predicate<ThreadInfo> filter;
    private final Map<Integer, Acc> accs = new HashMap<>();
    private Map<Integer, long[]> checkpoint = Map.of();

    private WindowAggregator(Recording recording, long fromNanos, long toNanos, Predicate<ThreadInfo> filter) {
        this.recording = recording;
        this.fromNanos = fromNanos;
        this.toNanos = toNanos;
        this.filter = filter;
    }

    /** The threads accepted by {@code filter} that have at least one sample in the window, by slot. */
    public static List<ThreadWindow> aggregate(Recording recording, long fromNanos, long toNanos,
                                               Predicate<ThreadInfo> filter) {
        if (toNanos < fromNanos) {
            throw new IllegalArgumentException("window end (" + toNanos + ") must not be before its start ("
                    + fromNanos + ")");
        }
        WindowAggregator a = new WindowAggregator(recording, fromNanos, toNanos, filter);
        // past the end edge until the next counter reading, which the end edge is interpolated against
        long beyond = (recording.countersEveryTicks() + 2L) * recording.interval().toNanos();
        recording.scan(fromNanos, toNanos + beyond, a);
        List<ThreadWindow> out = new ArrayList<>();
        a.accs.values().stream().filter(acc -> acc.samples > 0).sorted((x, y) -> Integer.compare(x.info.slot(),
                y.info.slot())).forEach(acc -> out.add(acc.result()));
        return out;
    }

    @Override
    public void checkpoint(Map<Integer, long[]> lastCountersBySlot) {
        checkpoint = lastCountersBySlot;
    }

    @Override
    public void sample(int slot, long ts, char state, int core, long cpuNanos, long voluntary, long involuntary,
                       long migrations, long runDelayNanos) {
        Acc acc = accs.get(slot);
        if (acc == null) {
            ThreadInfo info = recording.threads().get(slot);
            if (!filter.test(info)) {
                accs.put(slot, Acc.IGNORED);
                return;
            }
            acc = new Acc(info, checkpoint.get(slot), fromNanos, toNanos);
            accs.put(slot, acc);
        }
        if (acc == Acc.IGNORED) {
            return;
        }
        acc.offer(ts, state, core, new long[] {cpuNanos, voluntary, involuntary, migrations, runDelayNanos});
    }

    /** Running state of one thread while folding. */
    private static final class Acc {
        static final Acc IGNORED = new Acc(null, null, 0, 0);
        final ThreadInfo info;
        final EdgeCounter[] counters = new EdgeCounter[5];
        final long fromNanos;
        final long toNanos;
        long samples;
        long running;
        long sleeping;
        long rsJumps;
        long coreChanges;
        char prevState;
        int prevCore = -1;
        long lastCpu = -1;
        long firstBusy = -1;
        long lastBusy = -1;
        boolean prevInWindow;

        Acc(ThreadInfo info, long[] checkpoint, long fromNanos, long toNanos) {
            this.info = info;
            this.fromNanos = fromNanos;
            this.toNanos = toNanos;
            if (info != null) {
                for (int k = 0; k < counters.length; k++) {
                    counters[k] = new EdgeCounter(fromNanos, toNanos, checkpoint == null ? -1 : checkpoint[k],
                            !info.presentAtStart());
                }
                lastCpu = checkpoint == null ? -1 : checkpoint[CPU];
            }
        }

        void offer(long ts, char state, int core, long[] v) {
            boolean isRunning = state == 'R';
            boolean wentToSleep = prevState == 'R' && !isRunning;
            boolean coreChanged = prevCore >= 0 && core != prevCore;
            counters[0].offer(ts, isRunning ? 1 : 0, v[0]);
            counters[1].offer(ts, wentToSleep ? 1 : 0, v[1]);
            counters[2].offer(ts, isRunning ? 1 : 0, v[2]);
            counters[3].offer(ts, coreChanged ? 1 : 0, v[3]);
            counters[4].offer(ts, isRunning ? 1 : 0, v[4]); // run-queue wait grows while runnable (state R)
            boolean inWindow = ts >= fromNanos && ts <= toNanos;
            if (inWindow) {
                countSample(ts, isRunning, wentToSleep && prevInWindow, coreChanged && prevInWindow, v[CPU]);
            }
            if (v[CPU] >= 0) {
                lastCpu = v[CPU];
            }
            prevState = state;
            prevCore = core;
            prevInWindow = inWindow;
        }

        private void countSample(long ts, boolean isRunning, boolean jump, boolean coreChange, long cpu) {
            boolean cpuGrew = cpu >= 0 && lastCpu >= 0 && cpu > lastCpu;
            if (isRunning || cpuGrew) {
                if (firstBusy < 0) {
                    firstBusy = ts;
                }
                lastBusy = ts;
            }
            running += isRunning ? 1 : 0;
            sleeping += isRunning ? 0 : 1;
            rsJumps += jump ? 1 : 0;
            coreChanges += coreChange ? 1 : 0;
            samples++;
        }

        ThreadWindow result() {
            return new ThreadWindow(info, running, sleeping, rsJumps, coreChanges,
                    info.measuresCpu() ? rounded(counters[0].delta()) : null,
                    info.measuresSwitches() ? rounded(counters[1].delta()) : null,
                    info.measuresSwitches() ? rounded(counters[2].delta()) : null,
                    info.measuresMigrations() ? rounded(counters[3].delta()) : null,
                    info.measuresCpu() ? rounded(counters[4].delta()) : null, firstBusy, lastBusy);
        }

        private static Long rounded(Double d) {
            return d == null ? null : Math.round(d);
        }
    }
}
