package io.tunescope.tune.bench;

import java.util.List;

/**
 * The goal per function and dimension: the best strategy needs at most a third of the trials plain
 * Nelder-Mead needs to come within 5 % of the optimum (Nelder-Mead not reaching it counts as budget + 1 trials, a
 * lower bound), and its median best-so-far is never worse than random search's at any checkpoint. The best strategy
 * is the one with the fewest trials to the target, or, where none got there, the best median at the budget.
 */
public record GoalCheck(String function, int dims, String bestStrategy, Integer bestTrials, Integer nelderMeadTrials,
                        Double trialRatio, boolean atMostOneThird, boolean neverWorseThanRandom) {

    public static GoalCheck of(String function, int dims, int budget, List<BenchResult> rows) {
        BenchResult nm = find(rows, "nelder-mead");
        BenchResult random = find(rows, "random");
        BenchResult best = null;
        for (BenchResult r : rows) {
            if (r.strategy().equals("nelder-mead") || r.strategy().equals("random")
                    || r.medianTrialsToWithin5Percent() == null) {
                continue;
            }
            if (best == null || r.medianTrialsToWithin5Percent() < best.medianTrialsToWithin5Percent()) {
                best = r;
            }
        }
        if (best == null) {
            String last = String.valueOf(budget);
            best = rows.stream().filter(r -> !r.strategy().equals("nelder-mead") && !r.strategy().equals("random"))
                    .min(java.util.Comparator.comparingDouble(r -> r.medianBestAt().getOrDefault(last, Double.POSITIVE_INFINITY)))
                    .orElse(null);
        }
        Integer nmTrials = nm == null ? null : nm.medianTrialsToWithin5Percent();
        Integer bestTrials = best == null ? null : best.medianTrialsToWithin5Percent();
        int nmBound = nmTrials == null ? budget + 1 : nmTrials;
        Double ratio = bestTrials == null ? null : Math.round(1000.0 * bestTrials / nmBound) / 1000.0;
        boolean third = bestTrials != null && bestTrials * 3 <= nmBound;
        boolean notWorse = best != null && random != null && best.medianBestAt().entrySet().stream()
                .allMatch(e -> e.getValue() <= random.medianBestAt().getOrDefault(e.getKey(), Double.POSITIVE_INFINITY)
                        + 1e-9 * Math.abs(e.getValue()));
        return new GoalCheck(function, dims, best == null ? null : best.strategy(), bestTrials, nmTrials, ratio,
                third, notWorse);
    }

    private static BenchResult find(List<BenchResult> rows, String strategy) {
        return rows.stream().filter(r -> r.strategy().equals(strategy)).findFirst().orElse(null);
    }
}
