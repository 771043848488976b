package io.tunescope.tune.target;

import io.tunescope.store.TuningProtocol;

import org.hipparchus.distribution.continuous.NormalDistribution;
import org.hipparchus.distribution.continuous.TDistribution;

import java.util.Locale;

/**
 * How many paired measurements resolve a gain to ±{@code halfWidthPercent} at the noise the session measured. A pair's
 * log-ratio spreads {@code σ_d = √2 · σ}, with σ the standard deviation of the default's log objective (two
 * independent measurements, each spreading σ; pairing in time can only make it less). The interval of the mean of n
 * pairs is {@code ± t((1 + confidence) / 2, n - 1) · σ_d / √n}; the pairs needed are the least n for which that is
 * narrower than {@code h = ln(1 + halfWidthPercent / 100)}:
 * <pre>  n = ⌈(t((1 + c) / 2, n - 1) · √2 · σ / h)²⌉, at least 2</pre>
 */
public final class ReplicationSizing {
    /** Beyond this many pairs the answer is "more than the budget allows" anyway. */
    static final int MAX_PAIRS = 1_000_000;
    /** What set a race's size when its share was below the fewest pairs a race takes. */
    static final String MIN_RACE_PAIRS = "minRacePairs";

    /**
     * A replication size chosen: {@code chosen} slices or runs of each side, the pairs the noise asks for
     * ({@code needed}; null when there is no noise estimate or the size is fixed), the most the budget allows
     * ({@code cap}) and what set the size: {@code noise}, {@code measurementBudget}, {@code budgetTime},
     * {@code minRacePairs} (a race raised to the fewest pairs that can decide, above its share) or {@code fixed}.
     */
    public record Size(int chosen, Integer needed, int cap, String limitedBy) {
        public static Size fixed(int n) {
            return new Size(n, null, n, "fixed");
        }

        /** As {@code summary.json} shows it. */
        public TuningProtocol.Size stored() {
            return new TuningProtocol.Size(chosen, needed, cap, limitedBy);
        }

        /** One line for the progress display: what was chosen and why. */
        public String describe(String what, NoiseEstimate noise, double halfWidthPercent) {
            if (needed == null) {
                return what + ": " + chosen + " (" + ("fixed".equals(limitedBy) ? "fixed" : "no noise estimate, "
                        + limitedBy) + ")";
            }
            return String.format(Locale.ROOT, "%s: %d; noise cv %.1f %% needs %d pairs for ±%s %%%s", what, chosen,
                    noise == null ? Double.NaN : noise.cvPercent(), needed, trim(halfWidthPercent),
                    "noise".equals(limitedBy) ? ""
                    : MIN_RACE_PAIRS.equals(limitedBy) ? ", its share allows " + cap + " slices, raised to " + chosen
                    + ", the fewest a race takes" : ", " + limitedBy + " allows " + cap);
        }
    }

    private ReplicationSizing() {
    }

    /** The pairs resolving ±{@code halfWidthPercent} at {@code confidence}: the log objective spreads {@code logSd}. */
    public static int pairsToResolve(double logSd, double halfWidthPercent, double confidence) {
        double pairSd = Math.sqrt(2) * logSd;
        double h = Math.log1p(halfWidthPercent / 100);
        if (!(pairSd > 0)) {
            return 2;
        }
        double p = 0.5 + confidence / 2;
        double z = new NormalDistribution(0, 1).inverseCumulativeProbability(p);
        double first = Math.ceil(Math.pow(z * pairSd / h, 2));
        if (first >= MAX_PAIRS) {
            return MAX_PAIRS;
        }
        int n = Math.max(2, (int) first);
        while (n < MAX_PAIRS && halfWidth(p, n, pairSd) >= h) {
            n++;
        }
        return n;
    }

    private static double halfWidth(double p, int n, double pairSd) {
        return new TDistribution(n - 1).inverseCumulativeProbability(p) * pairSd / Math.sqrt(n);
    }

    /**
     * The size: the pairs {@code needed} (null: unknown, take the cap) within {@code capPairs}, and never below
     * {@code min}; {@code capBy} names the budget that set the cap.
     */
    public static Size choose(Integer needed, long capPairs, String capBy, int min) {
        int cap = (int) Math.max(min, Math.min(MAX_PAIRS, capPairs));
        if (needed == null) {
            return new Size(cap, null, cap, capBy);
        }
        int chosen = Math.max(min, Math.min(needed, cap));
        return new Size(chosen, needed, cap, needed <= cap ? "noise" : capBy);
    }

    /**
     * A race's size: the pairs {@code needed} (null: unknown, take the cap) within {@code capPairs}, raised to
     * {@code minPairs} when that is less ({@code limitedBy} then {@code minRacePairs}, and {@code cap} what the
     * budget's share allowed, which may be 0).
     */
    public static Size chooseRace(Integer needed, long capPairs, String capBy, int minPairs) {
        int cap = (int) Math.max(0, Math.min(MAX_PAIRS, capPairs));
        int want = needed == null ? cap : Math.min(needed, cap);
        if (want < minPairs) {
            return new Size(minPairs, needed, cap, MIN_RACE_PAIRS);
        }
        return new Size(want, needed, cap, needed != null && needed <= cap ? "noise" : capBy);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
