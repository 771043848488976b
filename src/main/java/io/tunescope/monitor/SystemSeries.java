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
     * Counter growth over {@code [fromNanos, toNanos]}: from the last reading at or before {@code fromNanos} (or
     * the first inside) to the last reading at or before {@code toNanos}; null when fewer than two readings bound it.
     *
     * @return {contextSwitches, busyTicks, idleTicks} deltas, or null
     */
    public long[] delta(long fromNanos, long toNanos) {
        int end = lastAtOrBefore(toNanos);
        if (end < 0) {
            return null;
        }
        int start = lastAtOrBefore(fromNanos);
        if (start < 0) {
            start = 0;
        }
        if (start >= end) {
            return null;
        }
        return new long[] {contextSwitches[end] - contextSwitches[start], busyTicks[end] - busyTicks[start],
            idleTicks[end] - idleTicks[start]};
    }

    private int lastAtOrBefore(long t) {
        int i = Arrays.binarySearch(nanos, 0, size, t);
        return i >= 0 ? i : -i - 2;
    }
}
