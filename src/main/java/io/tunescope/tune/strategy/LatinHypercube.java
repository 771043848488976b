package io.tunescope.tune.strategy;

import java.util.SplittableRandom;

/**
 * Latin hypercube sampling in consecutive blocks: within a block of {@code n} points every coordinate visits each
 * of its {@code n} strata exactly once, which spreads a small budget more evenly than independent random points.
 */
public final class LatinHypercube implements Strategy {
    private final SplittableRandom rng;
    private final int dims;
    private final int blockSize;
    private double[][] block;
    private int next;

    public LatinHypercube(StrategyContext ctx) {
        this(ctx, ctx.budgetTrials() > 0 ? Math.min(ctx.budgetTrials(), 50) : 20);
    }

    public LatinHypercube(StrategyContext ctx, int blockSize) {
        this.rng = new SplittableRandom(ctx.seed());
        this.dims = ctx.dims();
        this.blockSize = Math.max(2, blockSize);
    }

    /** A fresh Latin hypercube design of {@code n} points. */
    public static double[][] design(int n, int dims, SplittableRandom rng) {
        double[][] pts = new double[n][dims];
        int[] perm = new int[n];
        for (int j = 0; j < dims; j++) {
            for (int i = 0; i < n; i++) {
                perm[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int k = rng.nextInt(i + 1);
                int t = perm[i];
                perm[i] = perm[k];
                perm[k] = t;
            }
            for (int i = 0; i < n; i++) {
                pts[i][j] = (perm[i] + rng.nextDouble()) / n;
            }
        }
        return pts;
    }

    @Override
    public double[] ask() {
        if (block == null || next == block.length) {
            block = design(blockSize, dims, rng);
            next = 0;
        }
        return block[next++].clone();
    }

    @Override
    public void tell(double[] point, double value) {
    }

    @Override
    public String name() {
        return "lhs";
    }
}
