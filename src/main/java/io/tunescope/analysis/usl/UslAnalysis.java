package io.tunescope.analysis.usl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Fit, R², peak, warnings and a bootstrap of relative residuals: each resample multiplies every fitted value by
 * (1 + a residual/fitted ratio drawn with replacement) and refits; intervals are the 2.5 and 97.5 percentiles.
 */
public final class UslAnalysis {
    public static final int DEFAULT_BOOTSTRAP_SAMPLES = 300;

    private UslAnalysis() {
    }

    public static UslResult analyze(List<UslPoint> points, int bootstrapSamples, long seed) {
        UslModel model = UslFitter.fit(points);
        double r2 = UslFitter.rSquared(model, points);
        double maxN = points.stream().mapToDouble(UslPoint::concurrency).max().orElse(0);
        int peak = model.peakThreads();
        Integer peakThreads = peak == Integer.MAX_VALUE ? null : peak;
        double peakX = model.peakThroughput();
        UslResult.Intervals ci = bootstrapSamples > 0 ? bootstrap(points, model, bootstrapSamples, seed) : null;
        return new UslResult(model.sigma(), model.kappa(), model.lambda(), r2, peakThreads,
                Double.isFinite(peakX) ? peakX : null, points.size(), maxN, ci, warnings(points, model, maxN));
    }

    static List<String> warnings(List<UslPoint> points, UslModel model, double maxN) {
        List<String> out = new ArrayList<>();
        long distinct = points.stream().mapToDouble(UslPoint::concurrency).distinct().count();
        if (distinct < 4) {
            out.add("only " + distinct + " distinct concurrency levels: three coefficients are barely determined");
        }
        int peak = model.peakThreads();
        if (model.sigma() >= 1) {
            out.add("sigma reached 1: throughput does not grow with concurrency at all in this fit");
        } else if (peak == Integer.MAX_VALUE) {
            out.add("no coherency term found (kappa = 0): the model predicts no peak; measure at higher concurrency");
        } else if (maxN < peak) {
            out.add(String.format(Locale.ROOT, "points do not reach the knee: largest concurrency measured %s is "
                    + "below the predicted peak %d, so the peak is an extrapolation", trim(maxN), peak));
        }
        return out;
    }

    private static UslResult.Intervals bootstrap(List<UslPoint> points, UslModel model, int samples, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] rel = points.stream().mapToDouble(p -> {
            double fitted = model.throughputAt(p.concurrency());
            return fitted > 0 ? (p.throughput() - fitted) / fitted : 0;
        }).toArray();
        List<UslModel> fits = new ArrayList<>();
        for (int b = 0; b < samples; b++) {
            List<UslPoint> resample = new ArrayList<>();
            for (UslPoint p : points) {
                double e = rel[random.nextInt(rel.length)];
                resample.add(new UslPoint(p.concurrency(), Math.max(0, model.throughputAt(p.concurrency()) * (1 + e))));
            }
            try {
                fits.add(UslFitter.fit(resample));
            } catch (RuntimeException e) {
                // a resample the optimizer cannot fit is left out; samples reports how many counted
            }
        }
        return new UslResult.Intervals(fits.size(), seed,
                interval(fits.stream().mapToDouble(UslModel::sigma).toArray()),
                interval(fits.stream().mapToDouble(UslModel::kappa).toArray()),
                interval(fits.stream().mapToDouble(UslModel::lambda).toArray()),
                boxed(interval(fits.stream().mapToDouble(m -> m.peakThreads() == Integer.MAX_VALUE
                        ? Double.POSITIVE_INFINITY : m.peakThreads()).toArray())),
                boxed(interval(fits.stream().mapToDouble(UslModel::peakThroughput).toArray())));
    }

    static double[] interval(double[] values) {
        if (values.length == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new double[] {percentile(sorted, 0.025), percentile(sorted, 0.975)};
    }

    private static double percentile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = (int) Math.ceil(pos);
        if (Double.isInfinite(sorted[hi]) || lo == hi) {
            return sorted[hi];
        }
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    private static Double[] boxed(double[] interval) {
        return Arrays.stream(interval).mapToObj(v -> Double.isFinite(v) ? v : null).toArray(Double[]::new);
    }

    static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
