package io.tunescope.tune.strategy;

/**
 * Nelder-Mead simplex on the unit cube, adapted to integer grids as in Active Harmony: the session rounds each
 * vertex to the nearest grid point and the value measured there stands for the vertex. Defaults follow Active
 * Harmony's {@code nm} strategy: initial radius 0.5, reflect 1, expand 2, contract 0.5, shrink 0.5, value tolerance
 * 1e-4 and size tolerance 0.5 % of the cube's diagonal, tested before each reflection; on convergence the search
 * restarts from a random centre. Points outside the cube get an infinite penalty without being run.
 */
public final class NelderMead implements Strategy {
    public static final double INIT_RADIUS = 0.5;
    public static final double REFLECT = 1.0;
    public static final double EXPAND = 2.0;
    public static final double CONTRACT = 0.5;
    public static final double SHRINK = 0.5;
    public static final double FVAL_TOL = 1e-4;
    public static final double SIZE_TOL_OF_DIAGONAL = 0.005;

    private enum State { INIT, REFLECT, EXPAND, CONTRACT, SHRINK }

    private final int dims;
    private final SimplexRestarts restartsAt;
    private double[][] simplex;
    private double[] values;
    private State state;
    private int index;
    private double[] centroid;
    private double[] reflected;
    private double reflectedValue;
    private double[] pending;
    private boolean inFlight;
    private int restarts;
    private int shrinkKeep;

    public NelderMead(StrategyContext ctx) {
        this.dims = ctx.dims();
        this.restartsAt = new SimplexRestarts(ctx);
        start(restartsAt.firstCentre());
    }

    private void start(double[] centre) {
        simplex = Simplexes.regular(centre, INIT_RADIUS);
        values = new double[dims + 1];
        state = State.INIT;
        index = 0;
        pending = simplex[0];
    }

    public int restarts() {
        return restarts;
    }

    @Override
    public double[] ask() {
        if (inFlight) {
            return null;
        }
        inFlight = true;
        return pending.clone();
    }

    @Override
    public void tell(double[] point, double value) {
        if (!inFlight) {
            throw new IllegalStateException("nelder-mead was told a result it did not ask for");
        }
        inFlight = false;
        double v = value;
        do {
            step(v);
            v = Double.POSITIVE_INFINITY;
        } while (!Simplexes.inBounds(pending));
    }

    private void step(double v) {
        switch (state) {
            case INIT, SHRINK -> {
                values[index] = v;
                nextVertexOrReflect();
            }
            case REFLECT -> afterReflect(v);
            case EXPAND -> {
                if (v < reflectedValue) {
                    replaceWorst(pending, v);
                } else {
                    replaceWorst(reflected, reflectedValue);
                }
                startReflect();
            }
            case CONTRACT -> afterContract(v);
            default -> throw new IllegalStateException(state.name());
        }
    }

    private void nextVertexOrReflect() {
        int best = state == State.SHRINK ? shrinkKeep : -1;
        do {
            index++;
        } while (index == best);
        if (index <= dims) {
            pending = simplex[index];
        } else {
            startReflect();
        }
    }

    private void afterReflect(double v) {
        reflected = pending;
        reflectedValue = v;
        int best = Simplexes.argMin(values);
        int worst = worst();
        if (v < values[best]) {
            state = State.EXPAND;
            pending = Simplexes.along(centroid, simplex[worst], -EXPAND);
        } else if (v < secondWorstValue(worst)) {
            replaceWorst(reflected, v);
            startReflect();
        } else {
            state = State.CONTRACT;
            double[] outer = v < values[worst] ? reflected : simplex[worst];
            pending = Simplexes.along(centroid, outer, CONTRACT);
        }
    }

    private void afterContract(double v) {
        int worst = worst();
        if (v < Math.min(reflectedValue, values[worst])) {
            replaceWorst(pending, v);
            startReflect();
            return;
        }
        int best = Simplexes.argMin(values);
        for (int i = 0; i <= dims; i++) {
            if (i != best) {
                simplex[i] = Simplexes.along(simplex[best], simplex[i], SHRINK);
            }
        }
        state = State.SHRINK;
        shrinkKeep = best;
        index = -1;
        nextVertexOrReflect();
    }

    private void startReflect() {
        if (restartsAt.converged(simplex, values)) {
            restarts++;
            start(restartsAt.nextCentre());
            return;
        }
        int worst = worst();
        centroid = new double[dims];
        for (int i = 0; i <= dims; i++) {
            if (i != worst) {
                for (int j = 0; j < dims; j++) {
                    centroid[j] += simplex[i][j] / dims;
                }
            }
        }
        state = State.REFLECT;
        pending = Simplexes.along(centroid, simplex[worst], -REFLECT);
    }

    private int worst() {
        int w = 0;
        for (int i = 1; i <= dims; i++) {
            if (values[i] > values[w]) {
                w = i;
            }
        }
        return w;
    }

    private double secondWorstValue(int worst) {
        double s = Double.NEGATIVE_INFINITY;
        for (int i = 0; i <= dims; i++) {
            if (i != worst) {
                s = Math.max(s, values[i]);
            }
        }
        return s;
    }

    private void replaceWorst(double[] point, double value) {
        int w = worst();
        simplex[w] = point;
        values[w] = value;
    }

    @Override
    public String name() {
        return "nelder-mead";
    }
}
