package io.tunescope.analysis.scale;

import org.HdrHistogram.Histogram;

/** Latency percentiles of one point, in microseconds, from an HdrHistogram of nanoseconds. */
public record LatencySummary(long count, double meanMicros, double p50Micros, double p90Micros, double p99Micros,
                             double p999Micros, double maxMicros) {
    public LatencySummary {
        if (count < 0) {
            throw new IllegalArgumentException("count (" + count + ") must be at least 0");
        }
    }

    public static LatencySummary of(Histogram nanos) {
        return new LatencySummary(nanos.getTotalCount(), nanos.getMean() / 1e3,
                micros(nanos, 50), micros(nanos, 90), micros(nanos, 99), micros(nanos, 99.9),
                nanos.getMaxValue() / 1e3);
    }

    private static double micros(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1e3;
    }
}
