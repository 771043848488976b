package io.tunescope.tune.strategy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Parallel Rank Order (Tabatabaee, Tiwari and Hollingsworth, SC 2005), as in Active Harmony's {@code pro} strategy:
 * a simplex of {@code 2d} points; each step reflects every point through the best one and hands the whole batch out
 * for simultaneous evaluation; if a reflection beats the best point the expansions are tried as a second batch,
 * otherwise the simplex shrinks towards the best point. Same coefficients, convergence test and restarts as
 * {@link NelderMead}. Points outside the cube get an infinite penalty without being run.
 */
public final class ParallelRankOrder implements Strategy {
    private enum State { INIT, REFLECT, EXPAND, SHRINK }

    private final int dims;
    private final SimplexRestarts restarts;
    private double[][] simplex;
    private double[] values;
    private State state;
    private double[][] batch;
    private double[] results;
    private boolean[] received;
    private int handedOut;
    private int receivedCount;
    private double[][] reflections;
    private double[] reflectionValues;

    public ParallelRankOrder(StrategyContext ctx) {
        this.dims = ctx.dims();
        this.restarts = new SimplexRestarts(ctx);
        start(restarts.firstCentre());
    }

    /** The number of points in each batch: {@code 2d} (minus the best point for reflections). */
    public int simplexSize() {
        return 2 * dims;
    }

    private void start(double[] centre) {
        simplex = new double[2 * dims][];
        for (int i = 0; i < dims; i++) {
            double[] plus = centre.clone();
            double[] minus = centre.clone();
            plus[i] += NelderMead.INIT_RADIUS;
            minus[i] -= NelderMead.INIT_RADIUS;
            simplex[2 * i] = Simplexes.clamp(plus);
            simplex[2 * i + 1] = Simplexes.clamp(minus);
        }
        values = new double[simplex.length];
        state = State.INIT;
        newBatch(simplex);
    }

    private void newBatch(double[][] points) {
        batch = points;
        results = new double[points.length];
        received = new boolean[points.length];
        handedOut = 0;
        receivedCount = 0;
        for (int i = 0; i < points.length; i++) {
            if (!Simplexes.inBounds(points[i])) {
                results[i] = Double.POSITIVE_INFINITY;
                received[i] = true;
                receivedCount++;
            }
        }
        if (receivedCount == points.length) {
            advance();
        }
    }

    @Override
    public double[] ask() {
        while (handedOut < batch.length && received[handedOut]) {
            handedOut++;
        }
        if (handedOut == batch.length) {
            return null;
        }
        return batch[handedOut++].clone();
    }

    @Override
    public void tell(double[] point, double value) {
        for (int i = 0; i < Math.min(handedOut, batch.length); i++) {
            if (!received[i] && Arrays.equals(batch[i], point)) {
                received[i] = true;
                results[i] = value;
                if (++receivedCount == batch.length) {
                    advance();
                }
                return;
            }
        }
        throw new IllegalStateException("pro was told a result for a point it did not hand out");
    }

    private void advance() {
        switch (state) {
            case INIT, SHRINK -> {
                simplex = batch;
                values = results;
                iterate();
            }
            case REFLECT -> {
                reflections = batch;
                reflectionValues = results;
                double bestReflection = Arrays.stream(results).min().orElse(Double.POSITIVE_INFINITY);
                int best = Simplexes.argMin(values);
                if (bestReflection < values[best]) {
                    state = State.EXPAND;
                    newBatch(through(best, -NelderMead.EXPAND));
                } else {
                    state = State.SHRINK;
                    newBatch(through(best, NelderMead.SHRINK));
                }
            }
            case EXPAND -> {
                double bestExpansion = Arrays.stream(results).min().orElse(Double.POSITIVE_INFINITY);
                double bestReflection = Arrays.stream(reflectionValues).min().orElse(Double.POSITIVE_INFINITY);
                simplex = bestExpansion < bestReflection ? batch : reflections;
                values = bestExpansion < bestReflection ? results : reflectionValues;
                iterate();
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    /** Every vertex moved along the line from the best vertex: {@code best + factor * (v - best)}; the best stays. */
    private double[][] through(int best, double factor) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < simplex.length; i++) {
            out.add(i == best ? simplex[best] : Simplexes.along(simplex[best], simplex[i], factor));
        }
        return out.toArray(new double[0][]);
    }

    private void iterate() {
        if (restarts.converged(simplex, values)) {
            start(restarts.nextCentre());
            return;
        }
        state = State.REFLECT;
        newBatch(through(Simplexes.argMin(values), -NelderMead.REFLECT));
    }

    @Override
    public String name() {
        return "pro";
    }
}
