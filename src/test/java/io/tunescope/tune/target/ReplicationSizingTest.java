package io.tunescope.tune.target;

import io.tunescope.store.Revalidated;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.Replication;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.space.Configuration;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The pairs that resolve a gain at a measured noise, the size chosen within a cap, and the honest verdict. */
class ReplicationSizingTest {
    /**
     * Reference: SciPy 1.x, the least n >= 2 with {@code t.ppf(0.975, n-1) * sqrt(2) * s / sqrt(n) < log1p(h/100)},
     * searched upward from {@code ceil((norm.ppf(0.975) * sqrt(2) * s / log1p(h/100))**2)}.
     */
    @Test
    void pairsNeededAgreeWithScipy() {
        assertThat(ReplicationSizing.pairsToResolve(0.02, 5, 0.95)).isEqualTo(4);
        assertThat(ReplicationSizing.pairsToResolve(0.05, 5, 0.95)).isEqualTo(11);
        assertThat(ReplicationSizing.pairsToResolve(0.10, 5, 0.95)).isEqualTo(35);
        assertThat(ReplicationSizing.pairsToResolve(0.20, 5, 0.95)).isEqualTo(132);
        assertThat(ReplicationSizing.pairsToResolve(0.30, 5, 0.95)).isEqualTo(293);
        assertThat(ReplicationSizing.pairsToResolve(0.10, 3, 0.95)).isEqualTo(91);
        assertThat(ReplicationSizing.pairsToResolve(0.05, 3, 0.95)).isEqualTo(25);
        assertThat(ReplicationSizing.pairsToResolve(0, 5, 0.95)).as("no spread: two pairs").isEqualTo(2);
        assertThat(ReplicationSizing.pairsToResolve(50, 1, 0.95)).isEqualTo(ReplicationSizing.MAX_PAIRS);
    }

    @Test
    void theSizeIsTheNeedWithinTheCapAndSaysWhichLimitedIt() {
        assertThat(ReplicationSizing.choose(132, 40, "measurementBudget", 1))
                .isEqualTo(new ReplicationSizing.Size(40, 132, 40, "measurementBudget"));
        assertThat(ReplicationSizing.choose(11, 40, "budgetTime", 1))
                .isEqualTo(new ReplicationSizing.Size(11, 11, 40, "noise"));
        assertThat(ReplicationSizing.choose(2, 40, "budgetTime", 3).chosen()).as("never below the minimum")
                .isEqualTo(3);
        assertThat(ReplicationSizing.choose(50, -7, "budgetTime", 3))
                .as("a spent budget still leaves the minimum").isEqualTo(new ReplicationSizing.Size(3, 50, 3,
                        "budgetTime"));
        assertThat(ReplicationSizing.choose(null, 12, "measurementBudget", 1))
                .as("no noise estimate: the cap").isEqualTo(new ReplicationSizing.Size(12, null, 12,
                        "measurementBudget"));
    }

    /** Lognormal noise of spread {@code sd}, the same for every configuration (an A/A pair). */
    private static final class NoisyTarget implements TuningTarget {
        final Random random;
        final double sd;

        NoisyTarget(long seed, double sd) {
            this.random = new Random(seed);
            this.sd = sd;
        }

        @Override
        public Measurement measure(Configuration config, boolean isDefault, Path log) {
            return Measurement.ok(List.of(100 * Math.exp(sd * random.nextGaussian())), 1);
        }

        @Override
        public io.tunescope.store.TargetDescription describe() {
            return null;
        }
    }

    /**
     * The re-validation of {@code auto} runs the number sized beforehand, without looking at its values, so its false
     * {@code better} rate is (1 - 0.95) / 2: in 400 A/A re-validations at 20 % noise, sized for ±5 points, at most
     * 5 % (the expected 2.5 % is more than three binomial standard deviations below that).
     */
    @Test
    void aSizedRevalidationSaysBetterForNothingAtMostAtItsLevel() throws Exception {
        TrialProtocol auto = TrialProtocol.defaults();
        int runs = ReplicationSizing.pairsToResolve(0.2, auto.halfWidthPercent(), auto.confidence());
        Configuration a = new Configuration(Map.of("x", 0));
        Configuration b = new Configuration(Map.of("x", 1));
        int better = 0;
        int resolved = 0;
        for (int i = 0; i < 400; i++) {
            Revalidated r = Revalidation.untilClear(new NoisyTarget(i, 0.2), a, b, auto, runs, Direction.MINIMIZE,
                    Path.of("logs"), 0);
            assertThat(r.runs()).as("runs sized beforehand, never cut short by their values").isEqualTo(runs);
            better += "better".equals(r.verdict()) ? 1 : 0;
            resolved += r.halfWidthPercent() <= auto.halfWidthPercent() + 1 ? 1 : 0;
        }
        assertThat(better).isLessThanOrEqualTo(20);
        assertThat(resolved).as("the size resolves about ±5 points").isGreaterThan(300);
    }

    @Test
    void aFixedRevalidationStillStopsOnceItsIntervalIsNarrowEnough() throws Exception {
        TrialProtocol fixed = new TrialProtocol(TrialProtocol.Mode.RACING, 4, Replication.of(5), 5,
                Replication.of(20), 3, 0.95, 10, null);
        Revalidated r = Revalidation.untilClear(new NoisyTarget(1, 0.005), new Configuration(Map.of("x", 0)),
                new Configuration(Map.of("x", 1)), fixed, 20, Direction.MINIMIZE, Path.of("logs"), 0);
        assertThat(r.runs()).isEqualTo(Revalidation.MIN_RUNS);
    }
}
