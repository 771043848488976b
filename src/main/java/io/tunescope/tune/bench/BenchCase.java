package io.tunescope.tune.bench;

import io.tunescope.BadInputException;

/**
 * One benchmark run: a strategy on a test surface over a grid of {@code resolution} levels per dimension, for a
 * trial budget, with additive Gaussian noise and output quantisation (both as fractions of the surface's scale),
 * and the grid shifted by up to {@code shiftFraction} of its range per dimension.
 */
public record BenchCase(Surface surface, int dims, String strategy, long seed, int budget, int resolution,
                        double noiseFraction, double quantumFraction, double shiftFraction) {
    public BenchCase {
        if (dims < 1 || dims > 20) {
            throw BadInputException.of("dims", dims, "must be between 1 and 20");
        }
        if (budget < 1) {
            throw BadInputException.of("budget", budget, "must be at least 1");
        }
        if (resolution < 3 || resolution % 2 == 0) {
            throw BadInputException.of("resolution", resolution,
                    "must be odd and at least 3 (so the optimum of sphere, ackley and rastrigin lies on the grid)");
        }
        if (!(shiftFraction >= 0 && shiftFraction <= 0.5)) {
            throw BadInputException.of("shift", shiftFraction, "must be between 0 and 0.5");
        }
        // fractions of the surface's scale: more than 1 drowns the surface, and a huge value once ran 900 runs
        if (!(noiseFraction >= 0 && noiseFraction <= 1)) {
            throw BadInputException.of("noise", noiseFraction, "must be from 0 to 1 (a fraction of the scale)");
        }
        if (!(quantumFraction >= 0 && quantumFraction <= 1)) {
            throw BadInputException.of("quantum", quantumFraction, "must be from 0 to 1 (a fraction of the scale)");
        }
    }

    /**
     * Whole-level shifts of the grid, per dimension, drawn from the seed: uniform in
     * {@code [-m, m]} with {@code m = round(shiftFraction * (resolution - 1))}, at most half the range, so the
     * optimum (at the centre without a shift) stays on the grid.
     */
    public int[] offsets() {
        int m = (int) Math.min((resolution - 1) / 2, Math.round(shiftFraction * (resolution - 1)));
        java.util.SplittableRandom rng = new java.util.SplittableRandom(seed * 1_000_003L + dims);
        int[] o = new int[dims];
        for (int i = 0; i < dims; i++) {
            o[i] = m == 0 ? 0 : rng.nextInt(2 * m + 1) - m;
        }
        return o;
    }
}
