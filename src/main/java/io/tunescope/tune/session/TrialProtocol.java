package io.tunescope.tune.session;

import io.tunescope.BadInputException;

import java.time.Duration;

/**
 * How a tuning session measures, so that its verdict rises above the machine's noise. With {@code racing} (the
 * default) the session first measures the default configuration {@code noiseRepeats} times, interleaved with a second
 * configuration, to estimate the objective's noise; a candidate that may beat the incumbent is then compared with it
 * in paired, interleaved slices (at most {@code maxSlices}) until a sequential test decides; a configuration whose
 * replicates spread more than {@code unstableFactor} times the incumbent's in the same race is unstable and never
 * chosen; at the end default and best run again until the gain's interval at {@code confidence} is narrower than
 * {@code halfWidthPercent} points or {@code revalidateRuns} runs of each are spent. {@code maxSlices} and
 * {@code revalidateRuns} are {@code auto} by default: sized from the measured noise to resolve
 * ±{@code halfWidthPercent}, capped by the session's budget ({@code budgetTime}'s share, or else
 * {@code measurementsPerTrial} measurements per trial of the trial budget). {@code single} measures each trial once
 * and re-validates with a fixed number of runs: for quiet machines, where one measurement is enough.
 *
 * @param measurementsPerTrial with {@code auto} and no {@code budgetTime}: the session takes at most this many
 *                             measurements per trial of its budget, noise phase, races and re-validation together
 * @param budgetTime the session's time budget (null: only the trial budget counts), counted in time spent measuring
 *                   (the journal's), so a server's load before the first measurement is not in it; the search stops
 *                   at three quarters of it and re-validation has the rest
 */
public record TrialProtocol(Mode mode, int noiseRepeats, Replication maxSlices, double halfWidthPercent,
                            Replication revalidateRuns, double unstableFactor, double confidence,
                            int measurementsPerTrial, Duration budgetTime) {
    public static final int DEFAULT_NOISE_REPEATS = 4;
    public static final double DEFAULT_HALF_WIDTH_PERCENT = 5;
    public static final double DEFAULT_UNSTABLE_FACTOR = 3;
    public static final double DEFAULT_CONFIDENCE = 0.95;
    /** At most ten times the measurements of {@code single}: about the worst case of five slices and 20 runs. */
    public static final int DEFAULT_MEASUREMENTS_PER_TRIAL = 10;
    public static final int MIN_MEASUREMENTS_PER_TRIAL = 2;
    /** A hard bound, so that a typo does not keep a slow target for days. */
    public static final int MAX_MEASUREMENTS_PER_TRIAL = 1000;

    /** Racing (replicated, paired trials) or one measurement per trial. */
    public enum Mode {
        RACING, SINGLE;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public TrialProtocol {
        if (mode == null) {
            throw BadInputException.of("protocol.mode", "missing", "must be racing or single");
        }
        if (noiseRepeats < 2) {
            throw BadInputException.of("protocol.noiseRepeats", noiseRepeats, "must be at least 2 (a spread needs two)");
        }
        if (maxSlices == null || !maxSlices.auto() && maxSlices.fixed() < 1) {
            throw BadInputException.of("protocol.maxSlices", maxSlices, "must be at least 1, or auto");
        }
        if (!(halfWidthPercent > 0)) {
            throw BadInputException.of("protocol.halfWidthPercent", halfWidthPercent, "must be above 0");
        }
        if (revalidateRuns == null || !revalidateRuns.auto() && revalidateRuns.fixed() < 2) {
            throw BadInputException.of("protocol.revalidateRuns", revalidateRuns,
                    "must be at least 2 (an interval needs two runs of each), or auto");
        }
        if (measurementsPerTrial < MIN_MEASUREMENTS_PER_TRIAL
                || measurementsPerTrial > MAX_MEASUREMENTS_PER_TRIAL) {
            throw BadInputException.of("protocol.measurementsPerTrial", measurementsPerTrial, "must be between "
                    + MIN_MEASUREMENTS_PER_TRIAL + " and " + MAX_MEASUREMENTS_PER_TRIAL);
        }
        if (!(unstableFactor > 1)) {
            throw BadInputException.of("protocol.unstableFactor", unstableFactor, "must be above 1");
        }
        if (!(confidence > 0.5 && confidence < 1)) {
            throw BadInputException.of("protocol.confidence", confidence, "must be above 0.5 and below 1");
        }
        if (budgetTime != null && (budgetTime.isNegative() || budgetTime.isZero())) {
            throw BadInputException.of("budgetTime", budgetTime, "must be above 0");
        }
    }

    /** The default: racing with the defaults above, replication sized from the noise, no time budget. */
    public static TrialProtocol defaults() {
        return new TrialProtocol(Mode.RACING, DEFAULT_NOISE_REPEATS, Replication.AUTO, DEFAULT_HALF_WIDTH_PERCENT,
                Replication.AUTO, DEFAULT_UNSTABLE_FACTOR, DEFAULT_CONFIDENCE, DEFAULT_MEASUREMENTS_PER_TRIAL, null);
    }

    /** One measurement per trial, as on a quiet machine. */
    public static TrialProtocol single() {
        return defaults().withMode(Mode.SINGLE);
    }

    public TrialProtocol withMode(Mode m) {
        return new TrialProtocol(m, noiseRepeats, maxSlices, halfWidthPercent, revalidateRuns, unstableFactor,
                confidence, measurementsPerTrial, budgetTime);
    }

    public TrialProtocol withBudgetTime(Duration d) {
        return new TrialProtocol(mode, noiseRepeats, maxSlices, halfWidthPercent, revalidateRuns, unstableFactor,
                confidence, measurementsPerTrial, d);
    }

    public boolean racing() {
        return mode == Mode.RACING;
    }

    /** Whether any replication limit is sized from the noise. */
    public boolean sized() {
        return maxSlices.auto() || revalidateRuns.auto();
    }

    /** The session's measurement budget under {@code auto} with no time budget: {@code measurementsPerTrial} each. */
    public long measurementBudget(int budgetTrials) {
        return (long) measurementsPerTrial * budgetTrials;
    }

    /** The time the search may spend (three quarters of the budget), or null. */
    public Duration searchTime() {
        return budgetTime == null ? null : budgetTime.multipliedBy(3).dividedBy(4);
    }
}
