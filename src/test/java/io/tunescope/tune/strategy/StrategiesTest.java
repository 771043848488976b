package io.tunescope.tune.strategy;

import io.tunescope.tune.session.Trial;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.Param;
import io.tunescope.tune.space.SearchSpace;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Every strategy on a known-optimum function: a shifted sphere on a 3-D integer grid (optimum 0 at (7, 3, 9)). */
class StrategiesTest {
    private static final int[] OPTIMUM = {7, 3, 9};

    static double sphere(Trial t) {
        double s = 0;
        for (int i = 0; i < OPTIMUM.length; i++) {
            long v = (Long) t.config().get("x" + i);
            s += (v - OPTIMUM[i]) * (v - OPTIMUM[i]);
        }
        return s;
    }

    static double bestAfter(String strategy, int trials, long seed) {
        List<Param> ps = new ArrayList<>();
        for (int i = 0; i < OPTIMUM.length; i++) {
            ps.add(IntParam.of("x" + i, 0, 12));
        }
        TuningSession s = TuningSession.builder(new SearchSpace(ps, List.of())).strategy(strategy).seed(seed)
                .evaluateDefaultFirst(false).build();
        Set<String> measured = new HashSet<>();
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < trials; i++) {
            Trial t = s.ask().orElseThrow();
            assertThat(measured.add(t.config().key())).as("measured twice: " + t.config()).isTrue();
            double v = sphere(t);
            s.tell(t, v);
            best = Math.min(best, v);
        }
        assertThat(s.best().orElseThrow().objective()).isEqualTo(best);
        return best;
    }

    @ParameterizedTest
    @ValueSource(strings = {"nelder-mead", "pro", "gp", "bandit"})
    void modelAndSimplexStrategiesReachTheOptimum(String strategy) {
        assertThat(bestAfter(strategy, 60, 3)).isEqualTo(0.0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"random", "lhs"})
    void samplingStrategiesGetClose(String strategy) {
        assertThat(bestAfter(strategy, 60, 3)).isLessThanOrEqualTo(6.0);
    }

    @Test
    void nelderMeadUsesActiveHarmonyDefaults() {
        assertThat(new double[] {NelderMead.INIT_RADIUS, NelderMead.REFLECT, NelderMead.EXPAND, NelderMead.CONTRACT,
                NelderMead.SHRINK}).containsExactly(0.5, 1.0, 2.0, 0.5, 0.5);
    }

    @Test
    void nelderMeadRestartsAfterConvergingOnAContinuousBowl() {
        NelderMead nm = new NelderMead(StrategyContext.continuous(2, 1));
        for (int i = 0; i < 400; i++) {
            double[] p = nm.ask();
            nm.tell(p, (p[0] - 0.3) * (p[0] - 0.3) + (p[1] - 0.6) * (p[1] - 0.6));
        }
        assertThat(nm.restarts()).isGreaterThan(0);
    }

    @Test
    void parallelRankOrderHandsOutWholeBatches() {
        ParallelRankOrder pro = new ParallelRankOrder(StrategyContext.continuous(3, 1));
        List<double[]> batch = new ArrayList<>();
        for (double[] p = pro.ask(); p != null; p = pro.ask()) {
            batch.add(p);
        }
        assertThat(batch).hasSize(pro.simplexSize());
        for (int i = batch.size() - 1; i >= 0; i--) {
            double[] p = batch.get(i);
            pro.tell(p, p[0] + p[1] + p[2]);
        }
        assertThat(pro.ask()).isNotNull();
    }

    @Test
    void logScoresPreserveOrder() {
        double[] y = {5, 1, Double.POSITIVE_INFINITY, 3, 3};
        double[] l = BayesianOptimization.logScores(y);
        assertThat(l[1]).isLessThan(l[3]);
        assertThat(l[3]).isEqualTo(l[4]).isLessThan(l[0]);
        assertThat(l[2]).as("an infinite penalty counts as the largest finite value").isEqualTo(l[0]);
    }

    @Test
    void gaussianProcessInterpolatesItsData() {
        double[][] x = {{0.1}, {0.5}, {0.9}};
        double[] y = {1, -1, 0.5};
        GaussianProcess gp = GaussianProcess.fit(x, y, new boolean[1], new GaussianProcess.Hyper(new double[] {0.3}, 1e-6));
        for (int i = 0; i < x.length; i++) {
            double[] mv = gp.predict(x[i]);
            assertThat(mv[0]).isCloseTo(y[i], org.assertj.core.data.Offset.offset(1e-3));
            assertThat(mv[1]).isLessThan(1e-3);
        }
        assertThat(gp.predict(new double[] {0.3})[1]).isGreaterThan(1e-3);
    }
}
