package io.tunescope.tune.strategy;

import java.util.SplittableRandom;

/** Uniform random points; never waits, so any number of points can be in flight. */
public final class RandomSearch implements Strategy {
    private final SplittableRandom rng;
    private final int dims;

    public RandomSearch(StrategyContext ctx) {
        this.rng = new SplittableRandom(ctx.seed());
        this.dims = ctx.dims();
    }

    @Override
    public double[] ask() {
        double[] u = new double[dims];
        for (int i = 0; i < dims; i++) {
            u[i] = rng.nextDouble();
        }
        return u;
    }

    @Override
    public void tell(double[] point, double value) {
    }

    @Override
    public String name() {
        return "random";
    }
}
