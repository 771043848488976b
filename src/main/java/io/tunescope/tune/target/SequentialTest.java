package io.tunescope.tune.target;

import org.hipparchus.distribution.continuous.FDistribution;
import org.hipparchus.distribution.continuous.TDistribution;

import java.util.List;

/**
 * The arithmetic of racing. A race compares a candidate with the incumbent in paired slices (both measured one after
 * the other, who goes first alternating), so the machine's drift and a neighbour's burst hit both sides of a pair;
 * each pair gives a log-ratio, positive when the candidate is better. Log-ratios because noise on a busy machine is
 * multiplicative (a neighbour slows a run by a share, not by an amount) and a ratio is what a gain in percent is.
 *
 * <p>Why a paired t-test with a Haybittle–Peto boundary: a race looks for a gain at 4, 8, 16, 32, ... pairs ({@link
 * #interimLook}) and decides {@code better} early only when the interval at {@link #INTERIM_CONFIDENCE} (99.9 %) lies
 * above 0; its last look (its slices or its time share spent) decides at the protocol's confidence. A loss may stop a
 * race after any slice at the protocol's confidence: that error only drops a candidate. Races sized from the noise take
 * a hundred slices and more; looked at after every slice at 95 % with no correction, an A/A race decided {@code better}
 * far more often than 1 in 20, and a candidate no better than an incumbent with a real gain displaced it after two or
 * three lucky pairs, so the real gain never reached the re-validation. Few looks at a strict level spend almost none of
 * the error rate (the chance of a false decision stays near {@code 1 - confidence}) and leave the last look at the full
 * confidence, so a short race (five slices) still decides at its end, where a Bonferroni split over its slices would
 * not. The t-test (rather than a sign or Wilcoxon rule) because with a few pairs a sign rule cannot reach 95 % at all
 * (six pairs of the same sign are needed), and log-ratios of run times are close to symmetric. A race also stops early
 * as {@link Verdict#INDISTINGUISHABLE} once the whole interval lies within ±{@code indifferencePercent}: whatever the
 * difference is, it is smaller than the resolution the user asked for.
 */
public final class SequentialTest {
    /** What a race (or a re-validation) concluded about the candidate against the incumbent. */
    public enum Verdict {
        BETTER, WORSE, INDISTINGUISHABLE, UNDECIDED;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A look at the pairs so far: the verdict and the interval of the mean log-ratio. */
    public record Look(Verdict verdict, int pairs, double meanLogRatio, double low, double high) {
        /** The mean gain in percent, {@code exp(mean) - 1}. */
        public double gainPercent() {
            return Math.expm1(meanLogRatio) * 100;
        }
    }

    /** The confidence of a race's interim looks (Haybittle and Peto's 0.001 two-sided boundary). */
    static final double INTERIM_CONFIDENCE = 0.999;

    /** The fewest pairs at which a race looks before its last slice. */
    static final int FIRST_INTERIM_LOOK_PAIRS = 4;

    private SequentialTest() {
    }

    /** Whether a race looks at its pairs after this many before its last slice: 4, 8, 16, 32, ... */
    public static boolean interimLook(int pairs) {
        return pairs >= FIRST_INTERIM_LOOK_PAIRS && Integer.bitCount(pairs) == 1;
    }

    /**
     * Looks at the paired log-ratios so far ({@code logRatios}, positive: the candidate is better). The look's interval
     * is the one at {@code confidence}; on the last slice it decides. Before the last slice it decides {@code worse}
     * when that interval lies below 0 (stopping a candidate early costs at most a missed gain), but {@code better} or
     * {@code indistinguishable} only at an {@link #interimLook} and on the interval at {@link #INTERIM_CONFIDENCE}.
     *
     * @param last whether no further slice will be measured (then an open question ends indistinguishable)
     */
    public static Look look(List<Double> logRatios, double confidence, double indifferencePercent, boolean last) {
        int n = logRatios.size();
        double mean = mean(logRatios);
        if (n < 2) {
            return new Look(last ? Verdict.INDISTINGUISHABLE : Verdict.UNDECIDED, n, mean, Double.NEGATIVE_INFINITY,
                    Double.POSITIVE_INFINITY);
        }
        double se = Math.sqrt(variance(logRatios, mean) / n);
        double half = tQuantile(0.5 + confidence / 2, n - 1) * se;
        double low = mean - half;
        double high = mean + half;
        double margin = Math.log1p(indifferencePercent / 100);
        if (high < 0) {
            return new Look(Verdict.WORSE, n, mean, low, high);
        }
        if (last) {
            Verdict v = low > 0 ? Verdict.BETTER : Verdict.INDISTINGUISHABLE;
            return new Look(v, n, mean, low, high);
        }
        if (!interimLook(n)) {
            return new Look(Verdict.UNDECIDED, n, mean, low, high);
        }
        double interimHalf = tQuantile(0.5 + Math.max(confidence, INTERIM_CONFIDENCE) / 2, n - 1) * se;
        Verdict v = mean - interimHalf > 0 ? Verdict.BETTER
                : mean - interimHalf > -margin && mean + interimHalf < margin ? Verdict.INDISTINGUISHABLE
                : Verdict.UNDECIDED;
        return new Look(v, n, mean, low, high);
    }

    /**
     * Whether one measurement of a candidate is clearly worse than the incumbent: its log-ratio to the incumbent's
     * mean lies beyond the one-sided prediction bound at {@code confidence} for a new measurement of a configuration
     * no better than the incumbent, {@code t(confidence, n-1) · σ · √(1 + 1/n)}, with σ the standard deviation of the
     * log objective measured in the noise phase and n the incumbent's measurements. Such a candidate stops there.
     */
    public static boolean clearlyWorse(double logRatio, double noiseLogSd, int incumbentMeasurements,
                                       double confidence) {
        int n = Math.max(2, incumbentMeasurements);
        double bound = tQuantile(confidence, n - 1) * noiseLogSd * Math.sqrt(1 + 1.0 / n);
        return logRatio < -bound;
    }

    /**
     * How a candidate's spread was judged: whether it is {@code unstable}, against which measurements ({@code
     * reference}) and their coefficient of variation in percent (null where fewer than two).
     */
    public record Stability(boolean unstable, Reference reference, Double referenceCvPercent) {
    }

    /** The measurements a candidate's spread is judged against. */
    public enum Reference {
        /** The incumbent's measurements in the candidate's own race (the same slices). */
        INCUMBENT_IN_RACE("incumbentInRace"),
        /** The default's measurements in the noise phase at the session's start. */
        NOISE_PHASE("noisePhase");

        private final String label;

        Reference(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** The fewest measurements of the incumbent in a race for the race to be the reference of the unstable test. */
    public static final int MIN_RACE_REFERENCE = 3;

    /**
     * Whether a candidate is unstable ({@link #unstable}), judged against the incumbent's measurements taken in the
     * same race, slice by slice beside the candidate's ({@code incumbentInRace}); only where the race has fewer than
     * {@link #MIN_RACE_REFERENCE} of them (a race cut short, an incumbent that failed) and the noise phase has more,
     * against the default's measurements in the noise phase ({@code noisePhase}). Why the race: under an intermittent
     * neighbour the noise phase may fall in a calm stretch and a later race in a busy one; judged against a calm
     * default, an ordinary candidate looks several times noisier than it is, is never chosen, and the strategy is
     * told the worst value seen, which drives the search away from good regions. Both sides of a race see the same
     * machine. The two sides share its bursts, so their spreads are correlated; the F test, which takes them as
     * independent, then errs towards calling a candidate stable. Values are objective values (the test takes logs).
     */
    public static Stability stability(List<Double> values, List<Double> incumbentInRace, List<Double> noisePhase,
                                      double factor, double confidence) {
        boolean race = incumbentInRace.size() >= MIN_RACE_REFERENCE || incumbentInRace.size() >= noisePhase.size();
        List<Double> reference = race ? incumbentInRace : noisePhase;
        return new Stability(unstable(logs(values), logs(reference), factor, confidence),
                race ? Reference.INCUMBENT_IN_RACE : Reference.NOISE_PHASE,
                reference.size() >= 2 ? NoiseEstimate.of(reference).cvPercent() : null);
    }

    /**
     * Whether a configuration's replicates spread much more than the reference's (see {@link #stability} for which
     * reference): its standard deviation of log values (about its coefficient of variation) above {@code factor}
     * times the reference's, and the variance ratio of the log values above the F quantile at {@code confidence} (so
     * that three replicates that happen to scatter do not condemn it alone).
     */
    public static boolean unstable(List<Double> logValues, List<Double> referenceLogValues, double factor,
                                   double confidence) {
        if (logValues.size() < 3 || referenceLogValues.size() < 2) {
            return false;
        }
        double v = variance(logValues, mean(logValues));
        // a reference that measured exactly alike every time: judge against a floor of 0.1 % spread
        double vd = Math.max(variance(referenceLogValues, mean(referenceLogValues)), 1e-6);
        if (Math.sqrt(v) <= factor * Math.sqrt(vd)) {
            return false;
        }
        return v / vd > quantileF(confidence, logValues.size() - 1, referenceLogValues.size() - 1);
    }

    /** Natural logs of objective values (a value of 0 or below, which the log cannot take, is kept as it is). */
    static List<Double> logs(List<Double> values) {
        return values.stream().map(v -> v > 0 ? Math.log(v) : v).toList();
    }

    /** The {@code p} quantile of the F distribution. */
    static double quantileF(double p, int df1, int df2) {
        return new FDistribution(df1, df2).inverseCumulativeProbability(p);
    }

    /** The {@code p} quantile of Student's t with {@code df} degrees of freedom. */
    static double tQuantile(double p, int df) {
        return new TDistribution(df).inverseCumulativeProbability(p);
    }

    static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** The sample variance (n - 1). */
    static double variance(List<Double> xs, double mean) {
        if (xs.size() < 2) {
            return 0;
        }
        return xs.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (xs.size() - 1);
    }
}
