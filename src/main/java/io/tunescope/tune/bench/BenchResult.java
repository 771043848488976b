package io.tunescope.tune.bench;

import java.util.Map;

/**
 * Medians over seeds for one function, dimension and strategy: the best-so-far (true value) at each checkpoint and
 * the number of trials to come within 5 % of the optimum (null when the median seed did not get there within the
 * budget). "Within 5 %" means a gap to the grid optimum of at most 5 % of the gap between the median random
 * configuration and the optimum, since the optima of most test functions are 0. The normalised gap is that same
 * ratio (0 = optimal, 0.05 = the target); optimum, target and median random value are medians over the seeds' grids.
 */
public record BenchResult(String function, int dims, String strategy, int seeds, int budget,
                          Integer medianTrialsToWithin5Percent, int seedsReachingTarget,
                          Map<String, Double> medianBestAt, Map<String, Double> medianNormalizedGapAt, double optimum, double target, double medianRandomValue,
                          double medianMillisPerRun) {
}
