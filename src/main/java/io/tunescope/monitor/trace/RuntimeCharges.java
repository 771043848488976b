package io.tunescope.monitor.trace;

import java.util.Arrays;

/**
 * One thread's runtime charges ({@code sched_stat_runtime}): the stretches {@code [start, end)} it ran without a break,
 * as the scheduler accounted them, in time order and not overlapping. {@link #nanos(long, long)} answers "how much CPU
 * in this window" in logarithmic time (a run's query windows ask it once per thread and execution).
 */
public final class RuntimeCharges {
    public static final RuntimeCharges NONE = new RuntimeCharges(new long[0], new long[0]);
    private final long[] starts;
    private final long[] ends;
    /** {@code before[i]}: the charges' total before charge {@code i}. */
    private final long[] before;

    private RuntimeCharges(long[] starts, long[] ends) {
        this.starts = starts;
        this.ends = ends;
        this.before = new long[starts.length + 1];
        for (int i = 0; i < starts.length; i++) {
            before[i + 1] = before[i] + (ends[i] - starts[i]);
        }
    }

    /** Collects charges in trace order; one that starts before the previous one ends is cut to start there. */
    public static final class Builder {
        private long[] starts = new long[16];
        private long[] ends = new long[16];
        private int size;

        public void add(long startNanos, long endNanos) {
            long start = size > 0 ? Math.max(startNanos, ends[size - 1]) : startNanos;
            if (endNanos <= start) {
                return;
            }
            if (size == starts.length) {
                starts = Arrays.copyOf(starts, size * 2);
                ends = Arrays.copyOf(ends, size * 2);
            }
            starts[size] = start;
            ends[size] = endNanos;
            size++;
        }

        /** The start of the first charge so far that ends after {@code nanos}; {@code Long.MIN_VALUE} when none. */
        public long firstStartEndingAfter(long nanos) {
            int i = firstAbove(ends, size, nanos);
            return i < size ? starts[i] : Long.MIN_VALUE;
        }

        public RuntimeCharges build() {
            return size == 0 ? NONE : new RuntimeCharges(Arrays.copyOf(starts, size), Arrays.copyOf(ends, size));
        }
    }

    /** Charges given as {@code start, end} pairs (tests, recorded figures). */
    public static RuntimeCharges of(long... startEndPairs) {
        Builder b = new Builder();
        for (int i = 0; i + 1 < startEndPairs.length; i += 2) {
            b.add(startEndPairs[i], startEndPairs[i + 1]);
        }
        return b.build();
    }

    public boolean isEmpty() {
        return starts.length == 0;
    }

    public int count() {
        return starts.length;
    }

    /** The charged time within {@code [fromNanos, toNanos)}, charges cut at the window's edges. */
    public long nanos(long fromNanos, long toNanos) {
        if (toNanos <= fromNanos || starts.length == 0) {
            return 0;
        }
        int first = firstAbove(ends, ends.length, fromNanos);
        int last = lastStartingBefore(toNanos);
        if (first > last) {
            return 0;
        }
        long sum = before[last + 1] - before[first];
        sum -= fromNanos > starts[first] ? fromNanos - starts[first] : 0;
        sum -= ends[last] > toNanos ? ends[last] - toNanos : 0;
        return sum;
    }

    /** The first index below {@code size} of ascending {@code values} with a value above {@code nanos}; {@code size} when none. */
    private static int firstAbove(long[] values, int size, long nanos) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (values[mid] > nanos) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The last charge with {@code start < nanos} (-1 when none). */
    private int lastStartingBefore(long nanos) {
        int lo = -1;
        int hi = starts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (starts[mid] < nanos) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RuntimeCharges c && Arrays.equals(starts, c.starts) && Arrays.equals(ends, c.ends);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(starts) + Arrays.hashCode(ends);
    }

    @Override
    public String toString() {
        return "RuntimeCharges[" + starts.length + " charges, " + before[starts.length] + " ns]";
    }
}
