package io.tunescope.workload.micro;

import org.hipparchus.distribution.continuous.TDistribution;

import java.util.Arrays;
import java.util.List;

/** Mean and Student-t 95% confidence interval of repeated throughput measurements (as JMH reports its error). */
public final class Stats {
    private Stats() {
    }

    public static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    public static double median(List<Double> values) {
        // Hipparchus: the middle value, or the mean of the middle two; NaN for no values
        return new org.hipparchus.stat.descriptive.rank.Median()
                .evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
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

    static double[] copy(double[] interval) {
        return Arrays.copyOf(interval, interval.length);
    }
}
