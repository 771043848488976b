package io.tunescope.tune.strategy;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * When a simplex search has converged, and where it starts again, as Active Harmony's simplex strategies do: the
 * values within {@link NelderMead#FVAL_TOL} or the vertices within {@link NelderMead#SIZE_TOL_OF_DIAGONAL} of the
 * cube's diagonal; the first search from the cube's centre, each later one from a random centre drawn from the
 * session's seed.
 */
final class SimplexRestarts {
    private final int dims;
    private final SplittableRandom rng;
    private final double sizeTol;

    SimplexRestarts(StrategyContext ctx) {
        this.dims = ctx.dims();
        this.rng = new SplittableRandom(ctx.seed());
        this.sizeTol = NelderMead.SIZE_TOL_OF_DIAGONAL * Math.sqrt(dims);
    }

    boolean converged(double[][] simplex, double[] values) {
        return Simplexes.converged(simplex, values, NelderMead.FVAL_TOL, sizeTol);
    }

    /** The centre of the first search: the cube's. */
    double[] firstCentre() {
        double[] centre = new double[dims];
        Arrays.fill(centre, 0.5);
        return centre;
    }

    /** The centre of the next search: a random point of the cube. */
    double[] nextCentre() {
        double[] centre = new double[dims];
        for (int i = 0; i < dims; i++) {
            centre[i] = rng.nextDouble();
        }
        return centre;
    }
}
