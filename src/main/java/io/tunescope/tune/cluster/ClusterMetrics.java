package io.tunescope.tune.cluster;

import java.util.List;
import java.util.OptionalInt;

/**
 * The figures that compare tuning modes (Chung and Hollingsworth 2004, Table 4): how many trials a mode needed to come within 95 % of a
 * reference WIPS, and how much the cluster's WIPS varied while it was tuned. Pure functions of the trials' WIPS, in
 * trial order; a failed trial is {@code NaN} and counts as a trial but not as a measurement.
 */
public final class ClusterMetrics {
    public static final double NEAR_BEST = 0.95;

    private ClusterMetrics() {
    }

    /**
     * The 1-based number of the first trial whose WIPS reached 95 % of {@code referenceWips} (the comparison passes
     * the best WIPS that any mode measured), or empty when none did.
     */
    public static OptionalInt trialsTo95Percent(List<Double> wipsPerTrial, double referenceWips) {
        for (int i = 0; i < wipsPerTrial.size(); i++) {
            double w = wipsPerTrial.get(i);
            if (!Double.isNaN(w) && w >= NEAR_BEST * referenceWips) {
                return OptionalInt.of(i + 1);
            }
        }
        return OptionalInt.empty();
    }

    /** The sample standard deviation (n − 1) of the measured WIPS; NaN with fewer than two. */
    public static double std(List<Double> wipsPerTrial) {
        double[] v = wipsPerTrial.stream().filter(w -> !Double.isNaN(w)).mapToDouble(Double::doubleValue).toArray();
        if (v.length < 2) {
            return Double.NaN;
        }
        double mean = 0;
        for (double x : v) {
            mean += x;
        }
        mean /= v.length;
        double ss = 0;
        for (double x : v) {
            ss += (x - mean) * (x - mean);
        }
        return Math.sqrt(ss / (v.length - 1));
    }

    /** The largest measured WIPS, NaN when none was measured. */
    public static double best(List<Double> wipsPerTrial) {
        return wipsPerTrial.stream().filter(w -> !Double.isNaN(w)).mapToDouble(Double::doubleValue).max()
                .orElse(Double.NaN);
    }
}
