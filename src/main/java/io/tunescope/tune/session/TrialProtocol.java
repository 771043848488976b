package io.tunescope.tune.session;

import io.tunescope.BadInputException;

import java.time.Duration;

/**
 * How a tuning session measures, so that its verdict rises above the machine's noise. With {@code racing} (the
 * default) the session first measures the default configuration {@code noiseRepeats} times, interleaved with a second
 * configuration, to estimate the objective's noise; a candidate that may beat the incumbent is then compared with it
 * in paired, interleaved slices (at most {@code maxSlices}) until a sequential test decides; a configuration whose
 * replicates spread more than {@code unstableFactor} times the default's is unstable and never chosen; at the end
 * default and best run again until the gain's interval at {@code confidence} is narrower than
 * {@code halfWidthPercent} points or {@code revalidateRuns} runs of each are spent. {@code single} measures each trial
 * once and re-validates with a fixed number of runs: for quiet machines, where one measurement is enough.
 *
 * @param budgetTime the session's time budget (null: only the trial budget counts); the search stops at three
 *                   quarters of it and re-validation has the rest
 */
public record TrialProtocol(Mode mode, int noiseRepeats, int maxSlices, double halfWidthPercent, int revalidateRuns,
                            double unstableFactor, double confidence, Duration budgetTime) {
    public static final int DEFAULT_NOISE_REPEATS = 4;
    public static final int DEFAULT_MAX_SLICES = 5;
    public static final double DEFAULT_HALF_WIDTH_PERCENT = 5;
    public static final int DEFAULT_REVALIDATE_RUNS = 20;
    public static final double DEFAULT_UNSTABLE_FACTOR = 3;
    public static final double DEFAULT_CONFIDENCE = 0.95;

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
        if (maxSlices < 1) {
            throw BadInputException.of("protocol.maxSlices", maxSlices, "must be at least 1");
        }
        if (!(halfWidthPercent > 0)) {
            throw BadInputException.of("protocol.halfWidthPercent", halfWidthPercent, "must be above 0");
        }
        if (revalidateRuns < 2) {
            throw BadInputException.of("protocol.revalidateRuns", revalidateRuns,
                    "must be at least 2 (an interval needs two runs of each)");
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

    /** The default: racing with the defaults above, no time budget. */
    public static TrialProtocol defaults() {
        return new TrialProtocol(Mode.RACING, DEFAULT_NOISE_REPEATS, DEFAULT_MAX_SLICES, DEFAULT_HALF_WIDTH_PERCENT,
                DEFAULT_REVALIDATE_RUNS, DEFAULT_UNSTABLE_FACTOR, DEFAULT_CONFIDENCE, null);
    }

    /** One measurement per trial, as on a quiet machine. */
    public static TrialProtocol single() {
        return defaults().withMode(Mode.SINGLE);
    }

    public TrialProtocol withMode(Mode m) {
        return new TrialProtocol(m, noiseRepeats, maxSlices, halfWidthPercent, revalidateRuns, unstableFactor,
                confidence, budgetTime);
    }

    public TrialProtocol withBudgetTime(Duration d) {
        return new TrialProtocol(mode, noiseRepeats, maxSlices, halfWidthPercent, revalidateRuns, unstableFactor,
                confidence, d);
    }

    public boolean racing() {
        return mode == Mode.RACING;
    }

    /** The time the search may spend (three quarters of the budget), or null. */
    public Duration searchTime() {
        return budgetTime == null ? null : budgetTime.multipliedBy(3).dividedBy(4);
    }
}
