package io.tunescope.tune.strategy;

/**
 * A search strategy on the unit cube {@code [0,1]^d}, minimising. The session turns points into configurations
 * (rounding to the grid), runs them and reports back; strategies never see configurations, caches or failures.
 *
 * <p>Protocol: {@link #ask} returns the next point, or {@code null} while the strategy waits for results of points it
 * already handed out (a sequential strategy such as Nelder-Mead has one point in flight; a batch strategy such as
 * Parallel Rank Order hands out a whole batch first). Every point handed out is answered exactly once by
 * {@link #tell}, in any order. Values may be {@code +Infinity} (a rejected point).
 */
public interface Strategy {
    double[] ask();

    void tell(double[] point, double value);

    /** A result for a point this strategy did not propose (a default configuration, a resumed journal). */
    default void observe(double[] point, double value) {
    }

    String name();
}
