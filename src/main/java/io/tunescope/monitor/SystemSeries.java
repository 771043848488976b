package io.tunescope.monitor;

import io.tunescope.monitor.proc.SystemStat;

import java.util.Arrays;

/**
 * System-wide /proc/stat readings over time, in memory: 4 longs per reading, ~14 MB for an hour at 8 ms.
 * Written by the sampler thread only; read after the recording stopped.
 */
public final class SystemSeries {
    private long[] nanos = new long[1024];
    private long[] contextSwitches = new long[1024];
    private long[] busyTicks = new long[1024];
    private long[] idleTicks = new long[1024];
    private int size;

    void add(long timestampNanos, SystemStat stat) {
        if (size == nanos.length) {
            int n = size * 2;
            nanos = Arrays.copyOf(nanos, n);
            contextSwitches = Arrays.copyOf(contextSwitches, n);
            busyTicks = Arrays.copyOf(busyTicks, n);
            idleTicks = Arrays.copyOf(idleTicks, n);
        }
        nanos[size] = timestampNanos;
        contextSwitches[size] = stat.contextSwitches();
        busyTicks[size] = stat.busyTicks();
        idleTicks[size] = stat.idleTicks();
        size++;
    }

    public int size() {
        return size;
    }

    /**
     * Counter growth over {@code [fromNanos, toNanos]}, each edge interpolated linearly in time between the readings
     * around it (readings come every n-th tick); an edge outside the readings takes the nearest one. Null with fewer
     * than two readings, or when the window does not overlap the readings at all.
     *
     * @return {contextSwitches, busyTicks, idleTicks} deltas, or null
     */
    public long[] delta(long fromNanos, long toNanos) {
        if (size < 2 || toNanos < nanos[0] || fromNanos > nanos[size - 1]) {
            return null;
        }
        return new long[] {Math.round(valueAt(contextSwitches, toNanos) - valueAt(contextSwitches, fromNanos)),
            Math.round(valueAt(busyTicks, toNanos) - valueAt(busyTicks, fromNanos)),
            Math.round(valueAt(idleTicks, toNanos) - valueAt(idleTicks, fromNanos))};
    }

    private double valueAt(long[] series, long t) {
        int i = lastAtOrBefore(t);
        if (i < 0) {
            return series[0];
        }
        if (i >= size - 1) {
            return series[size - 1];
        }
        double share = (double) (t - nanos[i]) / (nanos[i + 1] - nanos[i]);
        return series[i] + (series[i + 1] - series[i]) * share;
    }

    private int lastAtOrBefore(long t) {
        int i = Arrays.binarySearch(nanos, 0, size, t);
        return i >= 0 ? i : -i - 2;
    }
}
