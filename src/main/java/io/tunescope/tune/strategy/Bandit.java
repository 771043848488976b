package io.tunescope.tune.strategy;

import java.util.List;

/**
 * A bandit over strategies: Nelder-Mead (fast descent down a bowl) and the Gaussian-process strategy (global model).
 * Each proposal comes from the arm with the highest UCB1 score, where an arm's reward is 1 when its point improved
 * the best value so far; the Gaussian process also learns from the points Nelder-Mead proposed. One point is in
 * flight at a time.
 */
public final class Bandit implements Strategy {
    private static final double EXPLORATION = 0.5;

    private final List<Strategy> arms;
    private final int[] pulls;
    private final double[] rewards;
    private int inFlightArm = -1;
    private int totalPulls;
    private double best = Double.POSITIVE_INFINITY;

    public Bandit(StrategyContext ctx) {
        this.arms = List.of(new NelderMead(ctx), new BayesianOptimization(
                new StrategyContext(ctx.dims(), ctx.categorical(), ctx.snap(), ctx.seed() + 1, ctx.budgetTrials())));
        this.pulls = new int[arms.size()];
        this.rewards = new double[arms.size()];
    }

    @Override
    public double[] ask() {
        if (inFlightArm >= 0) {
            return null;
        }
        int arm = choose();
        double[] p = arms.get(arm).ask();
        if (p == null) {
            arm = 1 - arm;
            p = arms.get(arm).ask();
        }
        if (p != null) {
            inFlightArm = arm;
        }
        return p;
    }

    private int choose() {
        for (int a = 0; a < pulls.length; a++) {
            if (pulls[a] == 0) {
                return a;
            }
        }
        int best = 0;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < pulls.length; a++) {
            double score = rewards[a] / pulls[a] + EXPLORATION * Math.sqrt(2 * Math.log(totalPulls) / pulls[a]);
            if (score > bestScore) {
                bestScore = score;
                best = a;
            }
        }
        return best;
    }

    @Override
    public void tell(double[] point, double value) {
        int arm = inFlightArm;
        inFlightArm = -1;
        pulls[arm]++;
        totalPulls++;
        if (value < best) {
            rewards[arm] += 1;
            best = value;
        }
        arms.get(arm).tell(point, value);
        for (int a = 0; a < arms.size(); a++) {
            if (a != arm) {
                arms.get(a).observe(point, value);
            }
        }
    }

    @Override
    public void observe(double[] point, double value) {
        best = Math.min(best, value);
        arms.forEach(a -> a.observe(point, value));
    }

    @Override
    public String name() {
        return "bandit";
    }
}
