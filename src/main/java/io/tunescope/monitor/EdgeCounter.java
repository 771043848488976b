package io.tunescope.monitor;

/**
 * The value of one cumulative counter of one thread at the two edges of a window, when the counter is read only at
 * some ticks (every n-th) but the thread's state is sampled at every tick.
 *
 * <p>Between two readings {@code v0} at {@code t0} and {@code v1} at {@code t1}, the growth {@code v1 - v0} is
 * spread over the samples in {@code (t0, t1]} in proportion to a per-sample weight that says when the counter
 * could grow (CPU time: the thread was running; voluntary switches: it went from running to sleeping; migrations:
 * its core changed). The value at an edge inside {@code (t0, t1]} is {@code v0} plus the share of the weights before
 * the edge; with no weight at all it falls back to time. A sample stands for the interval that ends at it, so a
 * sample exactly at an edge counts before the edge. Readings at every tick make this exact up to the tick.
 */
final class EdgeCounter {
    private final long fromNanos;
    private final long toNanos;
    private final boolean bornInRecording;
    private long lastValue = -1;
    private long lastNanos;
    private double weightSinceLast;
    private boolean crossedFrom;
    private boolean crossedTo;
    private boolean pendingFrom;
    private boolean pendingTo;
    private double weightAtFrom;
    private double weightAtTo;
    private double fromValue = Double.NaN;
    private double toValue = Double.NaN;
    private boolean seen;

    /**
     * @param checkpoint      the last reading before the first sample that will be offered, or -1
     * @param bornInRecording the thread was first seen after the recording started (its counters began at 0)
     */
    EdgeCounter(long fromNanos, long toNanos, long checkpoint, boolean bornInRecording) {
        this.fromNanos = fromNanos;
        this.toNanos = toNanos;
        this.bornInRecording = bornInRecording;
        this.lastValue = checkpoint;
    }

    /** Offers the next sample in time order: its weight, and the counter reading there (-1 when not read). */
    void offer(long ts, double weight, long value) {
        if (!seen) {
            seen = true;
            lastNanos = ts - 1;
            if (lastValue < 0 && bornInRecording) {
                lastValue = 0;
            }
        }
        if (!crossedFrom && ts > fromNanos) {
            crossedFrom = true;
            pendingFrom = true;
            weightAtFrom = weightSinceLast;
        }
        if (!crossedTo && ts > toNanos) {
            crossedTo = true;
            pendingTo = true;
            weightAtTo = weightSinceLast;
        }
        weightSinceLast += weight;
        if (value < 0) {
            return;
        }
        if (pendingFrom) {
            fromValue = interpolate(value, ts, weightAtFrom, fromNanos);
            pendingFrom = false;
        }
        if (pendingTo) {
            toValue = interpolate(value, ts, weightAtTo, toNanos);
            pendingTo = false;
        }
        lastValue = value;
        lastNanos = ts;
        weightSinceLast = 0;
    }

    private double interpolate(long value, long ts, double weightBefore, long edgeNanos) {
        if (lastValue < 0) {
            return value;
        }
        double growth = value - lastValue;
        double share;
        if (weightSinceLast > 0) {
            share = weightBefore / weightSinceLast;
        } else {
            share = ts <= lastNanos ? 1.0 : (double) (edgeNanos - lastNanos) / (ts - lastNanos);
        }
        return lastValue + growth * Math.max(0, Math.min(1, share));
    }

    /** Growth over the window; null when no reading bounds it. Call after the last sample. */
    Double delta() {
        double from = fromValue;
        if (pendingFrom || Double.isNaN(from) && !crossedFrom) {
            from = lastValue; // no reading after the start edge: the counter stayed where it was last read
        }
        double to = toValue;
        if (!crossedTo || pendingTo) {
            to = lastValue; // no reading after the end edge: the last reading is the best there is
        }
        if (from < 0 || to < 0 || Double.isNaN(from) || Double.isNaN(to)) {
            return null;
        }
        return Math.max(0, to - from);
    }
}
