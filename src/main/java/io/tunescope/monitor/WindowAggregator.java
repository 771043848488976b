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
 * <p>Counter deltas run from the last reading before the window (the baseline) to the last reading inside it. A
 * thread first seen after the recording started has no earlier reading: its baseline is 0, since kernel counters
 * start at 0 when a thread is born. A thread seen from the start has the first reading inside as baseline.
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
        recording.scan(fromNanos, toNanos, a);
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
                       long migrations) {
        Acc acc = accs.get(slot);
        if (acc == null) {
            ThreadInfo info = recording.threads().get(slot);
            if (!filter.test(info)) {
                accs.put(slot, Acc.IGNORED);
                return;
            }
            acc = new Acc(info, checkpoint.get(slot));
            accs.put(slot, acc);
        }
        if (acc == Acc.IGNORED || ts > toNanos) {
            return;
        }
        long[] values = {cpuNanos, voluntary, involuntary, migrations};
        if (ts < fromNanos) {
            acc.before(values);
        } else {
            acc.inside(ts, state, core, values);
        }
    }

    /** Running state of one thread while folding. */
    private static final class Acc {
        static final Acc IGNORED = new Acc(null, null);
        final ThreadInfo info;
        final long[] baseline = {-1, -1, -1, -1};
        final long[] last = {-1, -1, -1, -1};
        long samples;
        long running;
        long sleeping;
        long rsJumps;
        long coreChanges;
        char prevState;
        int prevCore = -1;
        long prevCpu = -1;
        long firstBusy = -1;
        long lastBusy = -1;

        Acc(ThreadInfo info, long[] checkpoint) {
            this.info = info;
            if (checkpoint != null) {
                System.arraycopy(checkpoint, 0, baseline, 0, 4);
            }
            prevCpu = baseline[CPU];
        }

        void before(long[] v) {
            for (int k = 0; k < 4; k++) {
                if (v[k] >= 0) {
                    baseline[k] = v[k];
                }
            }
            prevCpu = baseline[CPU];
        }

        void inside(long ts, char state, int core, long[] v) {
            boolean isRunning = state == 'R';
            if (samples > 0 && prevState == 'R' && !isRunning) {
                rsJumps++;
            }
            if (prevCore >= 0 && core != prevCore) {
                coreChanges++;
            }
            boolean cpuGrew = v[CPU] >= 0 && prevCpu >= 0 && v[CPU] > prevCpu;
            if (isRunning || cpuGrew) {
                if (firstBusy < 0) {
                    firstBusy = ts;
                }
                lastBusy = ts;
            }
            if (isRunning) {
                running++;
            } else {
                sleeping++;
            }
            samples++;
            prevState = state;
            prevCore = core;
            if (v[CPU] >= 0) {
                prevCpu = v[CPU];
            }
            for (int k = 0; k < 4; k++) {
                if (v[k] >= 0) {
                    if (baseline[k] < 0) {
                        baseline[k] = info.presentAtStart() ? v[k] : 0;
                    }
                    last[k] = v[k];
                }
            }
            if (prevCpu < 0 && baseline[CPU] >= 0) {
                prevCpu = baseline[CPU];
            }
        }

        ThreadWindow result() {
            return new ThreadWindow(info, running, sleeping, rsJumps, coreChanges,
                    info.measuresCpu() ? delta(0) : null, info.measuresSwitches() ? delta(1) : null,
                    info.measuresSwitches() ? delta(2) : null, info.measuresMigrations() ? delta(3) : null,
                    firstBusy, lastBusy);
        }

        private Long delta(int k) {
            return last[k] < 0 || baseline[k] < 0 ? null : Math.max(0, last[k] - baseline[k]);
        }
    }
}
