package io.tunescope.tune.bench;

import io.tunescope.Progress;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs every strategy on every surface for several seeds and reduces the traces to medians. */
public final class TuneBench {
    public static final int[] CHECKPOINTS = {25, 50, 100, 200};
    static final double TARGET_FRACTION = 0.05;

    /** The plan: which functions, dimensions and strategies, and the shared settings. */
    public record Plan(List<Surface> functions, List<Integer> dims, List<String> strategies, int seeds, long firstSeed,
                       int budget, int resolution, double noiseFraction, double quantumFraction, double shiftFraction,
                       int threads) {
    }

    /** The results plus the raw median traces (for charts). */
    public record Outcome(List<BenchResult> results, Map<String, double[]> medianTraces, double wallSeconds) {
    }

    private record Run(BenchRunner.Trace trace, long nanos) {
    }

    private TuneBench() {
    }

    public static Outcome run(Plan plan, Progress progress) throws InterruptedException {
        long start = System.nanoTime();
        List<BenchResult> results = new ArrayList<>();
        Map<String, double[]> traces = new LinkedHashMap<>();
        int total = plan.functions().size() * plan.dims().size() * plan.strategies().size() * plan.seeds();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, plan.threads()));
        try (Progress.Task bar = progress.start("tune-bench", total, "runs")) {
            for (Surface f : plan.functions()) {
                for (int d : plan.dims()) {
                    for (String s : plan.strategies()) {
                        List<Future<Run>> futures = new ArrayList<>();
                        for (int k = 0; k < plan.seeds(); k++) {
                            BenchCase c = new BenchCase(f, d, s, plan.firstSeed() + k, plan.budget(), plan.resolution(),
                                    plan.noiseFraction(), plan.quantumFraction(), plan.shiftFraction());
                            futures.add(pool.submit(() -> {
                                long t0 = System.nanoTime();
                                BenchRunner.Trace trace = BenchRunner.run(c);
                                bar.step(1);
                                return new Run(trace, System.nanoTime() - t0);
                            }));
                        }
                        BenchRunner.Trace[] all = new BenchRunner.Trace[plan.seeds()];
                        double[] millis = new double[plan.seeds()];
                        for (int k = 0; k < all.length; k++) {
                            Run r = get(futures.get(k));
                            all[k] = r.trace();
                            millis[k] = r.nanos() / 1e6;
                        }
                        results.add(reduce(f, d, s, plan, all, millis));
                        traces.put(f.label() + "/" + d + "/" + s, medianGapTrace(all));
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return new Outcome(results, traces, (System.nanoTime() - start) / 1e9);
    }

    private static <T> T get(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("benchmark run failed: " + e.getCause(), e.getCause());
        }
    }

    static BenchResult reduce(Surface f, int d, String s, Plan plan, BenchRunner.Trace[] runs, double[] millis) {
        double[][] traces = new double[runs.length][];
        double[][] gaps = new double[runs.length][];
        for (int k = 0; k < runs.length; k++) {
            traces[k] = runs[k].bestTrue();
            gaps[k] = normalisedGap(runs[k]);
        }
        Map<String, Double> at = new LinkedHashMap<>();
        Map<String, Double> gapAt = new LinkedHashMap<>();
        java.util.SortedSet<Integer> points = new java.util.TreeSet<>();
        for (int cp : CHECKPOINTS) {
            if (cp <= plan.budget()) {
                points.add(cp);
            }
        }
        points.add(plan.budget());
        for (int cp : points) {
            at.put(String.valueOf(cp), median(column(traces, cp - 1)));
            gapAt.put(String.valueOf(cp), Math.round(median(column(gaps, cp - 1)) * 1e5) / 1e5);
        }
        double[] toTarget = new double[traces.length];
        int reached = 0;
        for (int k = 0; k < traces.length; k++) {
            toTarget[k] = Double.POSITIVE_INFINITY;
            double target = runs[k].target();
            for (int t = 0; t < traces[k].length; t++) {
                if (traces[k][t] <= target + 1e-12 * Math.abs(target)) {
                    toTarget[k] = t + 1;
                    reached++;
                    break;
                }
            }
        }
        double m = median(toTarget);
        Integer trials = Double.isFinite(m) ? (int) Math.ceil(m) : null;
        double optimum = median(java.util.Arrays.stream(runs).mapToDouble(BenchRunner.Trace::optimum).toArray());
        double target = median(java.util.Arrays.stream(runs).mapToDouble(BenchRunner.Trace::target).toArray());
        double median = median(java.util.Arrays.stream(runs).mapToDouble(BenchRunner.Trace::medianRandom).toArray());
        return new BenchResult(f.label(), d, s, traces.length, plan.budget(), trials, reached, at, gapAt, optimum,
                target, median, Math.round(median(millis) * 10) / 10.0);
    }

    /** Best-so-far minus the optimum, over the median random value minus the optimum: 0 is optimal, 0.05 the target. */
    static double[] normalisedGap(BenchRunner.Trace t) {
        double scale = t.medianRandom() - t.optimum();
        double[] g = new double[t.bestTrue().length];
        for (int i = 0; i < g.length; i++) {
            g[i] = (t.bestTrue()[i] - t.optimum()) / scale;
        }
        return g;
    }

    private static double[] medianGapTrace(BenchRunner.Trace[] runs) {
        double[][] gaps = new double[runs.length][];
        for (int k = 0; k < runs.length; k++) {
            gaps[k] = normalisedGap(runs[k]);
        }
        return medianTrace(gaps);
    }

    private static double[] column(double[][] traces, int t) {
        double[] c = new double[traces.length];
        for (int k = 0; k < c.length; k++) {
            c[k] = traces[k][t];
        }
        return c;
    }

    private static double[] medianTrace(double[][] traces) {
        double[] out = new double[traces[0].length];
        for (int t = 0; t < out.length; t++) {
            out[t] = median(column(traces, t));
        }
        return out;
    }

    /** The median; of an even count, the mean of the middle two (infinite when either is). */
    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
