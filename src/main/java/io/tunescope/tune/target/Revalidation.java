package io.tunescope.tune.target;

import io.tunescope.store.Revalidated;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.space.Configuration;
import org.hipparchus.distribution.continuous.TDistribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Honest gains: the best configuration of a search is a winner of many noisy trials, so its trial value flatters
 * it (TUNA found most such "best" configurations lost much of their gain when deployed again). At the end the
 * default and the best run again, alternately, with who goes first alternating too (default, best, best, default,
 * ...), so that drift of the machine and any cost of running first hit both alike, in fresh runs, {@code runs} times
 * each. The gain is the ratio of the two sides' geometric means, read as a gain in percent the way the direction reads
 * one ({@link Direction#gainPercent}): the mean of the per-round log-ratios of best to default, with a Student-t
 * interval, taken back out of logs. Not the mean of the per-round gains in percent: on a noisy machine that mean is
 * biased towards a loss, because the mean of a ratio of two noisy values exceeds the ratio of their means (at a
 * coefficient of variation of 20 % a real 8 % gain read as about 4 %).
 */
public final class Revalidation {
    private Revalidation() {
    }

    /**
     * Measures default and best alternately {@code runs} times each on {@code target}.
     *
     * @param logs the directory of the runs' logs ({@code default-1.log}, {@code best-1.log}, ...)
     */
    public static Revalidated run(TuningTarget target, Configuration defaultConfig, Configuration best, int runs,
                                  Direction direction, Path logs) throws InterruptedException {
        List<Double> defaults = new ArrayList<>();
        List<Double> bests = new ArrayList<>();
        int failed = 0;
        for (int i = 1; i <= runs; i++) {
            failed += pair(target, defaultConfig, best, i, logs, defaults, bests);
        }
        return summarize(defaults, bests, direction, failed);
    }

    /**
     * The {@code i}-th run of default and best, their means added to {@code defaults} and {@code bests} (null when
     * failed); returns how many of the two failed. Who runs first alternates: a run after the other configuration's
     * may pay for it (a cold cache).
     */
    private static int pair(TuningTarget target, Configuration defaultConfig, Configuration best, int i, Path logs,
                            List<Double> defaults, List<Double> bests) throws InterruptedException {
        TuningTarget.Measurement d;
        TuningTarget.Measurement b;
        if (i % 2 == 1) {
            d = target.measure(defaultConfig, true, logs.resolve("default-" + i + ".log"));
            b = target.measure(best, false, logs.resolve("best-" + i + ".log"));
        } else {
            b = target.measure(best, false, logs.resolve("best-" + i + ".log"));
            d = target.measure(defaultConfig, true, logs.resolve("default-" + i + ".log"));
        }
        defaults.add(d.ok() ? mean(d.values()) : null);
        bests.add(b.ok() ? mean(b.values()) : null);
        return (d.ok() ? 0 : 1) + (b.ok() ? 0 : 1);
    }

    /**
     * Re-validation until the answer is clear: default and best alternately (who goes first alternating) in fresh
     * runs, at least {@value #MIN_RUNS} of each and at most {@code runs}, or until {@code deadlineNanos}
     * ({@link System#nanoTime}; 0: none) has passed. With a fixed {@code revalidateRuns} it also stops once the gain's
     * interval at the protocol's confidence is narrower than its {@code halfWidthPercent}: stopping on the interval's
     * width, never on its position (a fixed-width interval, as Chow and Robbins's rule). With {@code auto}
     * {@code runs} was sized before the first run, from the noise phase's measurements and the budget, so the number
     * of runs does not depend on their values at all and the interval is an ordinary fixed-size t-interval: its
     * chance of a wrong {@code better} is {@code (1 - confidence) / 2}, whatever the races before it did.
     */
    public static Revalidated untilClear(TuningTarget target, Configuration defaultConfig, Configuration best,
                                         TrialProtocol protocol, int runs, Direction direction, Path logs,
                                         long deadlineNanos) throws InterruptedException {
        List<Double> defaults = new ArrayList<>();
        List<Double> bests = new ArrayList<>();
        int failed = 0;
        boolean stopOnWidth = !protocol.revalidateRuns().auto();
        for (int i = 1; i <= runs; i++) {
            failed += pair(target, defaultConfig, best, i, logs, defaults, bests);
            if (i < MIN_RUNS) {
                continue;
            }
            if (stopOnWidth) {
                Revalidated sofar = summarize(defaults, bests, direction, failed, protocol.confidence());
                if (sofar.halfWidthPercent() != null && sofar.halfWidthPercent() < protocol.halfWidthPercent()) {
                    break;
                }
            }
            if (deadlineNanos != 0 && System.nanoTime() - deadlineNanos >= 0) {
                break;
            }
        }
        return summarize(defaults, bests, direction, failed, protocol.confidence());
    }

    /** Runs of each side before the interval is looked at. */
    public static final int MIN_RUNS = 3;

    /** The arithmetic of {@link #run}: per-side means and intervals, and the paired gains (null: a failed run). */
    static Revalidated summarize(List<Double> defaults, List<Double> bests, Direction direction, int failed) {
        return summarize(defaults, bests, direction, failed, 0.95);
    }

    /**
     * As {@link #summarize(List, List, Direction, int)}, with the verdict of the gain's interval at
     * {@code confidence}: better when it lies wholly above 0, worse when wholly below, else indistinguishable.
     */
    static Revalidated summarize(List<Double> defaults, List<Double> bests, Direction direction, int failed,
                                 double confidence) {
        List<Double> logRatios = new ArrayList<>();
        List<Double> percentGains = new ArrayList<>();
        for (int i = 0; i < defaults.size(); i++) {
            Double d = defaults.get(i);
            Double b = bests.get(i);
            if (d != null && b != null && d != 0) {
                percentGains.add(direction.gainPercent(b, d));
                logRatios.add(d > 0 && b > 0 ? Math.log(b / d) : Double.NaN);
            }
        }
        // a value of 0 or less has no logarithm: then the per-round gains in percent
        boolean inLogs = logRatios.stream().allMatch(Double::isFinite);
        List<Double> gains = inLogs ? logRatios : percentGains;
        double[] gainCi = asGain(ci95(gains), inLogs, direction);
        double[] verdictCi = asGain(ci(gains, confidence), inLogs, direction);
        String verdict = gains.size() < 2 || verdictCi[0] <= 0 && verdictCi[1] >= 0 ? "indistinguishable"
                : verdictCi[0] > 0 ? "better" : "worse";
        Double halfWidth = gains.size() < 2 ? null : round((verdictCi[1] - verdictCi[0]) / 2);
        Double gain = gains.isEmpty() ? null : round(inLogs ? logGain(mean(gains), direction) : mean(gains));
        return new Revalidated(side(defaults), side(bests), gain,
                gains.isEmpty() ? null : List.of(round(gainCi[0]), round(gainCi[1])), defaults.size(), failed,
                verdict, halfWidth);
    }

    /** An interval of per-round gains as gains in percent, low first (a log-ratio's ends swap when minimizing). */
    private static double[] asGain(double[] ci, boolean inLogs, Direction direction) {
        if (!inLogs) {
            return ci;
        }
        double a = logGain(ci[0], direction);
        double b = logGain(ci[1], direction);
        return new double[] {Math.min(a, b), Math.max(a, b)};
    }

    /** The gain in percent of a best whose value is {@code exp(logRatio)} times the default's. */
    private static double logGain(double logRatio, Direction direction) {
        return direction.gainPercent(Math.exp(logRatio), 1.0);
    }

    private static Revalidated.Side side(List<Double> withFailures) {
        List<Double> values = withFailures.stream().filter(v -> v != null).toList();
        if (values.isEmpty()) {
            return new Revalidated.Side(null, null, values);
        }
        double[] ci = ci95(values);
        return new Revalidated.Side(mean(values), List.of(ci[0], ci[1]), values);
    }

    /** Mean ± t(0.975, n-1)·s/√n; with one value, that value twice. */
    static double[] ci95(List<Double> values) {
        return ci(values, 0.95);
    }

    /** Mean ± t((1 + confidence) / 2, n-1)·s/√n; with one value, that value twice. */
    static double[] ci(List<Double> values, double confidence) {
        int n = values.size();
        double mean = mean(values);
        if (n < 2) {
            return new double[] {mean, mean};
        }
        double sumSq = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.5 + confidence / 2) * Math.sqrt(sumSq / (n - 1) / n);
        return new double[] {mean - half, mean + half};
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static double round(double v) {
        return Math.round(v * 10.0) / 10.0;
    }
}
