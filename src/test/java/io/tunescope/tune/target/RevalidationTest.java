package io.tunescope.tune.target;

import io.tunescope.store.Revalidated;
import io.tunescope.tune.session.Direction;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RevalidationTest {
    @Test
    void theGainIsTheRatioOfGeometricMeansWithAStudentTIntervalInLogs() {
        // times (lower is better); scipy: l = log(best / default) = log([0.8, 0.75, 0.7]), mean -0.28916685590157437,
        // h = t.ppf(0.975, 2) * std(l, ddof=1) / sqrt(3); gain 1 - exp(mean) = 25.11127612781493 %,
        // interval 1 - exp(mean + h) = 11.598470561722852 .. 1 - exp(mean - h) = 36.55855278929118
        Revalidated r = Revalidation.summarize(List.of(10.0, 8.0, 10.0), List.of(8.0, 6.0, 7.0),
                Direction.MINIMIZE, 0);
        assertThat(r.improvementPercent()).isEqualTo(25.1);
        assertThat(r.improvementCi95()).containsExactly(11.6, 36.6);
        assertThat(r.defaultSide().objective()).isCloseTo(28.0 / 3, within(1e-9));
        assertThat(r.best().objective()).isCloseTo(7.0, within(1e-9));
        assertThat(r.best().ci95().get(0)).isCloseTo(7 - 4.302652729911275 * 1 / Math.sqrt(3), within(1e-9));
        assertThat(r.runs()).isEqualTo(3);
    }

    /**
     * A best that takes 92 % of the default's time under 20 % multiplicative noise on both sides, 4,000 rounds: the
     * mean of per-round gains in percent would read about 4 %; the ratio of geometric means reads the planted 8 %.
     */
    @Test
    void aPlantedGainUnderNoiseIsReadWithoutBias() {
        java.util.Random random = new java.util.Random(3);
        List<Double> defaults = new java.util.ArrayList<>();
        List<Double> bests = new java.util.ArrayList<>();
        for (int i = 0; i < 4_000; i++) {
            defaults.add(100 * Math.exp(0.2 * random.nextGaussian()));
            bests.add(92 * Math.exp(0.2 * random.nextGaussian()));
        }
        Revalidated r = Revalidation.summarize(defaults, bests, Direction.MINIMIZE, 0);
        assertThat(r.improvementPercent()).isBetween(7.0, 9.0);
        assertThat(r.verdict()).isEqualTo("better");
    }

    @Test
    void aValueOfZeroFallsBackToPerRoundGains() {
        // 0 tps has no logarithm: the per-round gains in percent, +10 and -100, mean -45
        Revalidated r = Revalidation.summarize(List.of(10.0, 10.0), List.of(11.0, 0.0), Direction.MAXIMIZE, 0);
        assertThat(r.improvementPercent()).isEqualTo(-45.0);
    }

    @Test
    void throughputGainsAreUpwardAndFailedRunsAreLeftOutNotCounted() {
        Revalidated r = Revalidation.summarize(Arrays.asList(100.0, null, 100.0), Arrays.asList(110.0, 120.0, 90.0),
                Direction.MAXIMIZE, 1);
        // scipy: mean(log([1.1, 0.9])) = -0.005025167926750673, expm1 of it -0.5012562893379998 %
        assertThat(r.improvementPercent()).isEqualTo(-0.5);
        assertThat(r.defaultSide().values()).containsExactly(100.0, 100.0);
        assertThat(r.best().values()).containsExactly(110.0, 120.0, 90.0);
        assertThat(r.failedRuns()).isEqualTo(1);
        assertThat(r.improvementCi95().get(0)).isLessThan(0).as("a gain of +10 then -10 is no proven gain");
    }

    /** Records the order of measurements; the default takes 10, anything else 5, and the first run of a pair +100. */
    static final class Recorder implements TuningTarget {
        final List<String> order = new java.util.ArrayList<>();

        @Override
        public Measurement measure(io.tunescope.tune.space.Configuration c, boolean isDefault, java.nio.file.Path log) {
            order.add(log.getFileName().toString());
            return Measurement.ok(List.of((isDefault ? 10.0 : 5.0) + (order.size() % 2 == 1 ? 100 : 0)), 1);
        }

        @Override
        public io.tunescope.store.TargetDescription describe() {
            return null;
        }
    }

    @Test
    void whoRunsFirstAlternatesSoThatACostOfRunningFirstHitsBothAlike() throws Exception {
        Recorder target = new Recorder();
        var c = new io.tunescope.tune.space.Configuration(java.util.Map.of("a", 1));
        Revalidated r = Revalidation.run(target, c, c, 4, Direction.MINIMIZE, java.nio.file.Path.of("logs"));
        assertThat(target.order).containsExactly("default-1.log", "best-1.log", "best-2.log", "default-2.log",
                "default-3.log", "best-3.log", "best-4.log", "default-4.log");
        assertThat(r.defaultSide().objective()).isEqualTo(60.0);
        assertThat(r.best().objective()).isEqualTo(55.0);
    }
}
