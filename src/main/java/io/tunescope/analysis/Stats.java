package io.tunescope.analysis;

import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.descriptive.rank.Median;

import java.util.List;

/**
 * Small statistics used across the analyses: order statistics, and the mean of repeated measurements with its
 * Student-t 95% confidence interval (as JMH reports its error).
 */
public final class Stats {
    private Stats() {
    }

    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("median of no values");
        }
        return new Median().evaluate(values);
    }

    /** The middle value, or the mean of the middle two; NaN for no values (a point that measured nothing). */
    public static double median(List<Double> values) {
        return new Median().evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** NaN for no values. */
    public static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /**
     * {lower, upper}, the lower bound clamped at 0 (throughput cannot be negative; a clamped bound means the spread
     * was too wide to say more); with one value the interval is that value, with none it is NaN.
     */
    public static double[] ci95(List<Double> values) {
        int n = values.size();
        double mean = mean(values);
        if (n < 2) {
            return new double[] {mean, mean};
        }
        double sumSq = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        double stdErr = Math.sqrt(sumSq / (n - 1)) / Math.sqrt(n);
        double t = new TDistribution(n - 1).inverseCumulativeProbability(0.975);
        return new double[] {Math.max(0, mean - t * stdErr), mean + t * stdErr};
    }
}
