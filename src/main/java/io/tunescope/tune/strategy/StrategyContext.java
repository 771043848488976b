package io.tunescope.tune.strategy;

import java.util.function.UnaryOperator;

/**
 * What a strategy knows about the space: its dimension, which coordinates are categorical, how a point snaps to the
 * grid (so model-based strategies never propose a grid point twice), the seed, and the trial budget when known.
 */
public record StrategyContext(int dims, boolean[] categorical, UnaryOperator<double[]> snap, long seed,
                              int budgetTrials) {
    public StrategyContext {
        if (dims < 1) {
            throw new IllegalArgumentException("dims (" + dims + ") must be at least 1");
        }
        categorical = categorical == null ? new boolean[dims] : categorical.clone();
        if (categorical.length != dims) {
            throw new IllegalArgumentException("categorical mask has " + categorical.length + " entries, not " + dims);
        }
        snap = snap == null ? UnaryOperator.identity() : snap;
    }

    public static StrategyContext continuous(int dims, long seed) {
        return new StrategyContext(dims, null, null, seed, 0);
    }
}
