package io.tunescope.analysis.usl;

import java.util.List;

/**
 * A fitted USL curve as reports print it: coefficients, R², predicted peak (null when the model has none), 95%
 * bootstrap intervals ({lower, upper}; an upper bound of null means unbounded) and warnings.
 */
public record UslResult(double sigma, double kappa, double lambda, double r2, Integer peakThreads,
                        Double peakThroughput, int points, double maxConcurrency, Intervals ci95,
                        List<String> warnings) {
    public UslResult {
        warnings = List.copyOf(warnings);
    }

    /** Bootstrap percentile intervals; {@code samples} is how many refits succeeded. */
    public record Intervals(int samples, long seed, double[] sigma, double[] kappa, double[] lambda,
                            Double[] peakThreads, Double[] peakThroughput) {
    }

    /** The same figure under the name summary.json of a scale run uses. */
    @com.fasterxml.jackson.annotation.JsonProperty("peakOpsPerSec")
    public Double peakOpsPerSec() {
        return peakThroughput;
    }

    public UslModel model() {
        return new UslModel(sigma, kappa, lambda);
    }
}
