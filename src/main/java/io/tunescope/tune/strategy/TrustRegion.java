package io.tunescope.tune.strategy;

/**
 * The trust region of TuRBO (Eriksson et al., "Scalable Global Optimization via Local Bayesian Optimization",
 * NeurIPS 2019): a box around the best point whose side doubles after 3 improvements in a row and halves after
 * {@code max(4, d)} proposals in a row without one; when it falls below the minimum the search goes global once and
 * the region starts again at its initial size.
 */
final class TrustRegion {
    static final double INITIAL = 0.8;
    static final double MAX = 1.6;
    static final double MIN = 0.5 / 128;
    private static final int SUCCESS_TOLERANCE = 3;

    private final int failureTolerance;
    private double length = INITIAL;
    private int successes;
    private int failures;
    private int restarts;

    TrustRegion(int dims) {
        this.failureTolerance = Math.max(4, dims);
    }

    double length() {
        return length;
    }

    int restarts() {
        return restarts;
    }

    boolean collapsed() {
        return length < MIN;
    }

    /** Counts a result of a proposal against the best value before it. */
    void update(double value, double bestBefore) {
        boolean improved = value < bestBefore - 1e-3 * Math.abs(bestBefore);
        if (improved) {
            successes++;
            failures = 0;
        } else {
            failures++;
            successes = 0;
        }
        if (successes == SUCCESS_TOLERANCE) {
            length = Math.min(MAX, 2 * length);
            successes = 0;
        } else if (failures == failureTolerance) {
            length /= 2;
            failures = 0;
        }
    }

    void restart() {
        restarts++;
        length = INITIAL;
        successes = 0;
        failures = 0;
    }
}
