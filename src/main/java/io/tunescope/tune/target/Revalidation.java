package io.tunescope.tune.target;

import io.tunescope.store.Revalidated;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.space.Configuration;
import org.hipparchus.distribution.continuous.TDistribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Honest gains: the best configuration of a search is a winner of many noisy trials, so its trial value flatters
 * it (TUNA found most such "best" configurations lost much of their gain when deployed again). At the end the
 * default and the best run again, alternately, with who goes first alternating too (default, best, best, default,
 * ...), so that drift of the machine and any cost of running first hit both alike, in fresh runs, {@code runs} times each; the gain is the mean of the per-round gains with a Student-t
 * 95% interval.
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
            // who runs first alternates: a run after the other configuration's may pay for it (a cold cache)
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
            failed += (d.ok() ? 0 : 1) + (b.ok() ? 0 : 1);
        }
        return summarize(defaults, bests, direction, failed);
    }

    /** The arithmetic of {@link #run}: per-side means and intervals, and the paired gains (null: a failed run). */
    static Revalidated summarize(List<Double> defaults, List<Double> bests, Direction direction, int failed) {
        List<Double> gains = new ArrayList<>();
        for (int i = 0; i < defaults.size(); i++) {
            Double d = defaults.get(i);
            Double b = bests.get(i);
            if (d != null && b != null && d != 0) {
                gains.add(direction.gainPercent(b, d));
            }
        }
        double[] gainCi = ci95(gains);
        return new Revalidated(side(defaults), side(bests), gains.isEmpty() ? null : round(mean(gains)),
                gains.isEmpty() ? null : List.of(round(gainCi[0]), round(gainCi[1])), defaults.size(), failed);
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
        int n = values.size();
        double mean = mean(values);
        if (n < 2) {
            return new double[] {mean, mean};
        }
        double sumSq = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(sumSq / (n - 1) / n);
        return new double[] {mean - half, mean + half};
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static double round(double v) {
        return Math.round(v * 10.0) / 10.0;
    }
}
