package io.tunescope.tune.target;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The racing arithmetic against references computed with SciPy 1.17 ({@code scipy.stats.t.ppf},
 * {@code scipy.stats.f.ppf}), e.g. for the first case:
 * <pre>
 * x = [0.031, 0.052, 0.018, 0.047, 0.039]
 * h = t.ppf(0.975, 4) * std(x, ddof=1) / sqrt(5)     # mean 0.0374, interval 0.020681281283300143 .. 0.05411871871669986
 * </pre>
 */
class SequentialTestTest {
    @Test
    void pairedIntervalMatchesScipyAndDecidesBetter() {
        SequentialTest.Look look = SequentialTest.look(List.of(0.031, 0.052, 0.018, 0.047, 0.039), 0.95, 1, false);
        assertThat(look.meanLogRatio()).isCloseTo(0.0374, within(1e-12));
        assertThat(look.low()).isCloseTo(0.020681281283300143, within(1e-9));
        assertThat(look.high()).isCloseTo(0.05411871871669986, within(1e-9));
        assertThat(look.verdict()).isEqualTo(SequentialTest.Verdict.BETTER);
    }

    @Test
    void anIntervalAcrossZeroIsUndecidedUntilTheLastSlice() {
        // scipy: -0.03159359422388728 .. 0.04826026089055394
        List<Double> pairs = List.of(0.02, -0.01, 0.015);
        SequentialTest.Look open = SequentialTest.look(pairs, 0.95, 2, false);
        assertThat(open.low()).isCloseTo(-0.03159359422388728, within(1e-9));
        assertThat(open.high()).isCloseTo(0.04826026089055394, within(1e-9));
        assertThat(open.verdict()).isEqualTo(SequentialTest.Verdict.UNDECIDED);
        assertThat(SequentialTest.look(pairs, 0.95, 2, true).verdict())
                .isEqualTo(SequentialTest.Verdict.INDISTINGUISHABLE);
        // the same interval lies within ±5 %: no difference the user asked to resolve, so it stops at once
        assertThat(SequentialTest.look(pairs, 0.95, 5, false).verdict())
                .isEqualTo(SequentialTest.Verdict.INDISTINGUISHABLE);
    }

    @Test
    void negativePairsDecideWorse() {
        List<Double> pairs = List.of(-0.031, -0.052, -0.018, -0.047, -0.039);
        assertThat(SequentialTest.look(pairs, 0.95, 1, false).verdict()).isEqualTo(SequentialTest.Verdict.WORSE);
    }

    @Test
    void clearlyWorseUsesTheOneSidedPredictionBound() {
        // scipy: t.ppf(0.95, 3) * 0.04 * sqrt(1 + 1/4) = 0.10524561231958543
        assertThat(SequentialTest.clearlyWorse(-0.1052, 0.04, 4, 0.95)).isFalse();
        assertThat(SequentialTest.clearlyWorse(-0.1053, 0.04, 4, 0.95)).isTrue();
        assertThat(SequentialTest.clearlyWorse(0.2, 0.04, 4, 0.95)).isFalse();
    }

    @Test
    void unstableNeedsBothTheFactorAndTheFTest() {
        // scipy: f.ppf(0.95, 4, 5) = 5.192167772803917
        List<Double> defaults = List.of(0.0, 0.01, -0.01, 0.01, -0.01, 0.0);   // variance 8e-5
        double sdDefault = Math.sqrt(8e-5);
        // five values with variance just above / below 5.192 * 8e-5 (and sd ratio above 2 in both)
        List<Double> wide = spread(Math.sqrt(5.20 * 8e-5));
        List<Double> narrow = spread(Math.sqrt(5.18 * 8e-5));
        assertThat(Math.sqrt(SequentialTest.variance(wide, 0))).isGreaterThan(2 * sdDefault);
        assertThat(SequentialTest.unstable(wide, defaults, 2, 0.95)).isTrue();
        assertThat(SequentialTest.unstable(narrow, defaults, 2, 0.95)).isFalse();
        // the factor alone: a spread 2.28 times the default's is not unstable at factor 3
        assertThat(SequentialTest.unstable(wide, defaults, 3, 0.95)).isFalse();
        assertThat(SequentialTest.quantileF(0.95, 4, 5)).isCloseTo(5.192167772803917, within(1e-9));
    }

    /** Five values with mean 0 and sample standard deviation {@code sd}. */
    private static List<Double> spread(double sd) {
        // values ±a, ±a, 0: variance 4a²/4 = a²
        return List.of(sd, -sd, sd, -sd, 0.0);
    }

    @Test
    void noiseEstimateHasCvAndDrift() {
        NoiseEstimate n = NoiseEstimate.of(List.of(100.0, 102.0, 104.0, 106.0));
        // sd of 100,102,104,106 = 2.5819888974716; mean 103; slope 2 per measurement
        assertThat(n.cvPercent()).isCloseTo(100 * 2.5819888974716 / 103, within(0.01));
        assertThat(n.driftPercentPerMeasurement()).isCloseTo(100 * 2 / 103.0, within(0.01));
    }
}
