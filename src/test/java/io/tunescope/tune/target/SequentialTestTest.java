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
    void pairedIntervalMatchesScipyAndDecidesBetterOnTheLastSlice() {
        List<Double> pairs = List.of(0.031, 0.052, 0.018, 0.047, 0.039);
        SequentialTest.Look look = SequentialTest.look(pairs, 0.95, 1, true);
        assertThat(look.meanLogRatio()).isCloseTo(0.0374, within(1e-12));
        assertThat(look.low()).isCloseTo(0.020681281283300143, within(1e-9));
        assertThat(look.high()).isCloseTo(0.05411871871669986, within(1e-9));
        assertThat(look.verdict()).isEqualTo(SequentialTest.Verdict.BETTER);
        // five pairs is no interim look: the race goes on, showing the same 95 % interval
        SequentialTest.Look between = SequentialTest.look(pairs, 0.95, 1, false);
        assertThat(between.verdict()).isEqualTo(SequentialTest.Verdict.UNDECIDED);
        assertThat(between.low()).isCloseTo(look.low(), within(1e-12));
    }

    @Test
    void anInterimLookDecidesBetterOnlyBeyondTheStricterBoundary() {
        // scipy: 95 % 0.012314662991122893 .. 0.0616853370088771, 99.9 % -0.0632476515039676 .. 0.1372476515039676
        List<Double> four = List.of(0.031, 0.052, 0.018, 0.047);
        SequentialTest.Look interim = SequentialTest.look(four, 0.95, 1, false);
        assertThat(interim.low()).isCloseTo(0.012314662991122893, within(1e-9));
        assertThat(interim.verdict()).as("above 0 at 95 %, not at 99.9 %").isEqualTo(SequentialTest.Verdict.UNDECIDED);
        assertThat(SequentialTest.look(four, 0.95, 1, true).verdict()).isEqualTo(SequentialTest.Verdict.BETTER);
        // scipy: 99.9 % 0.043077683338491685 .. 0.061922316661508325 (t.ppf(0.9995, 7) = 5.407882520861828)
        List<Double> eight = List.of(0.05, 0.06, 0.055, 0.045, 0.052, 0.058, 0.049, 0.051);
        assertThat(SequentialTest.look(eight, 0.95, 1, false).verdict()).isEqualTo(SequentialTest.Verdict.BETTER);
        assertThat(SequentialTest.tQuantile(0.9995, 7)).isCloseTo(5.407882520861828, within(1e-9));
        assertThat(SequentialTest.interimLook(4)).isTrue();
        assertThat(SequentialTest.interimLook(6)).isFalse();
        assertThat(SequentialTest.interimLook(64)).isTrue();
        assertThat(SequentialTest.interimLook(2)).isFalse();
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
        // scipy, four pairs: 99.9 % -0.007798408355546985 .. 0.009298408355546985, within ±1 % (±0.00995 in logs):
        // no difference the user asked to resolve, so the race stops at its first interim look
        List<Double> close = List.of(0.002, -0.001, 0.0015, 0.0005);
        assertThat(SequentialTest.look(close, 0.95, 1, false).verdict())
                .isEqualTo(SequentialTest.Verdict.INDISTINGUISHABLE);
        assertThat(SequentialTest.look(close, 0.95, 0.9, false).verdict())
                .isEqualTo(SequentialTest.Verdict.UNDECIDED);
    }

    @Test
    void negativePairsDecideWorseAfterAnySlice() {
        List<Double> pairs = List.of(-0.031, -0.052, -0.018, -0.047, -0.039);
        assertThat(SequentialTest.look(pairs, 0.95, 1, false).verdict()).isEqualTo(SequentialTest.Verdict.WORSE);
    }

    /**
     * Races of 128 slices at a pair spread of 0.28 (a cv of 20 %), 2,000 of each, seeded: with no effect the race says
     * {@code better} about as often as a single one-sided test at 95 % would (2.5 %; looked at after every slice with
     * no correction it was 20 % in the same simulation), and an 8 % gain wins about 89 % of its races.
     */
    @Test
    void repeatedLooksKeepTheFalseGainRareAndTheRealOneLikely() {
        java.util.Random random = new java.util.Random(7);
        assertThat(betterShare(random, 0.0)).isLessThan(0.04);
        assertThat(betterShare(random, Math.log(1 / 0.92))).isGreaterThan(0.84);
    }

    private static double betterShare(java.util.Random random, double effect) {
        int races = 2_000;
        int better = 0;
        for (int r = 0; r < races; r++) {
            List<Double> pairs = new java.util.ArrayList<>();
            for (int s = 1; s <= 128; s++) {
                pairs.add(effect + 0.28 * random.nextGaussian());
                SequentialTest.Look look = SequentialTest.look(pairs, 0.95, 5, s == 128);
                if (look.verdict() != SequentialTest.Verdict.UNDECIDED) {
                    better += look.verdict() == SequentialTest.Verdict.BETTER ? 1 : 0;
                    break;
                }
            }
        }
        return (double) better / races;
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

    /**
     * A calm noise phase (log spread 1 %) and a busy race in which candidate and incumbent both spread 8 %: against the
     * noise phase the candidate looks eight times noisier (64 > scipy's f.ppf(0.95, 4, 4) = 6.3882329086958665) and
     * was flagged; against the incumbent in its own race it spreads alike and is not.
     */
    @Test
    void aCandidateIsJudgedAgainstTheIncumbentInItsOwnRaceNotACalmNoisePhase() {
        List<Double> noisePhase = objective(spread(0.01));
        List<Double> incumbentInRace = objective(spread(0.08));
        List<Double> candidate = objective(List.of(-0.08, 0.0, 0.08, 0.08, -0.08));
        assertThat(SequentialTest.quantileF(0.95, 4, 4)).isCloseTo(6.3882329086958665, within(1e-9));
        assertThat(SequentialTest.unstable(SequentialTest.logs(candidate), SequentialTest.logs(noisePhase), 3, 0.95))
                .as("judged against the calm noise phase").isTrue();

        SequentialTest.Stability judged = SequentialTest.stability(candidate, incumbentInRace, noisePhase, 3, 0.95);
        assertThat(judged.unstable()).isFalse();
        assertThat(judged.reference()).isEqualTo(SequentialTest.Reference.INCUMBENT_IN_RACE);
        assertThat(judged.referenceCvPercent()).isEqualTo(NoiseEstimate.of(incumbentInRace).cvPercent())
                .isBetween(7.0, 9.0);
    }

    /** A spread five times the incumbent's in the same race (variance ratio 25 > 6.388) is still unstable. */
    @Test
    void aCandidateFiveTimesAsNoisyAsTheIncumbentInItsRaceIsUnstable() {
        List<Double> incumbentInRace = objective(spread(0.08));
        List<Double> candidate = objective(spread(0.40));
        SequentialTest.Stability judged = SequentialTest.stability(candidate, incumbentInRace,
                objective(spread(0.08)), 3, 0.95);
        assertThat(judged.unstable()).isTrue();
        assertThat(judged.reference()).isEqualTo(SequentialTest.Reference.INCUMBENT_IN_RACE);
        // the factor still guards: 2.5 times the incumbent's spread (variance ratio 6.25 < 6.388) is not unstable
        assertThat(SequentialTest.stability(objective(spread(0.20)), incumbentInRace, List.of(), 2, 0.95)
                .unstable()).isFalse();
    }

    /**
     * A race with fewer than three measurements of the incumbent (cut short, or the incumbent failed) falls back to
     * the noise phase; with neither, nothing is judged.
     */
    @Test
    void aRaceWithTooFewIncumbentMeasurementsFallsBackToTheNoisePhase() {
        List<Double> noisePhase = objective(spread(0.01));
        List<Double> candidate = objective(spread(0.08));
        SequentialTest.Stability twoInRace = SequentialTest.stability(candidate, objective(List.of(0.08, -0.08)),
                noisePhase, 3, 0.95);
        assertThat(twoInRace.reference()).isEqualTo(SequentialTest.Reference.NOISE_PHASE);
        assertThat(twoInRace.unstable()).isTrue();
        assertThat(twoInRace.referenceCvPercent()).isEqualTo(NoiseEstimate.of(noisePhase).cvPercent());
        assertThat(SequentialTest.MIN_RACE_REFERENCE).isEqualTo(3);
        SequentialTest.Stability threeInRace = SequentialTest.stability(candidate,
                objective(List.of(0.08, -0.08, 0.0)), noisePhase, 3, 0.95);
        assertThat(threeInRace.reference()).isEqualTo(SequentialTest.Reference.INCUMBENT_IN_RACE);
        assertThat(threeInRace.unstable()).isFalse();
        SequentialTest.Stability nothing = SequentialTest.stability(candidate, List.of(), List.of(), 3, 0.95);
        assertThat(nothing.unstable()).isFalse();
        assertThat(nothing.referenceCvPercent()).isNull();
    }

    /** Objective values 100 · exp(log deviation). */
    private static List<Double> objective(List<Double> logDeviations) {
        return logDeviations.stream().map(d -> 100 * Math.exp(d)).toList();
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
