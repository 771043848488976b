package io.tunescope.monitor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Time to find the overlaps of n executions (4 tenants, a fifth of them zero-length): the sort-and-sweep of
 * {@link ExecutionOverlap} against comparing every pair, as attribution did before. Medians of repeats after one
 * warm-up each. Run: see docs/benchmarks.md.
 */
public final class OverlapBenchmark {
    private OverlapBenchmark() {
    }

    public static void main(String[] args) {
        int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        for (int n : new int[] {10_000, 100_000, 1_000_000}) {
            List<Execution> all = PairwiseOverlap.randomExecutions(new Random(n), n, 4, 3_600_000);
            double ms = medianMillis(repeats, () -> ExecutionOverlap.of(all));
            System.out.printf(Locale.ROOT, "sweep     n=%,9d  %9.1f ms%n", n, ms);
        }
        for (int n : new int[] {5_000, 10_000, 20_000}) {
            List<Execution> all = PairwiseOverlap.randomExecutions(new Random(n), n, 4, 3_600_000);
            double ms = medianMillis(Math.min(repeats, 3), () -> pairwise(all));
            System.out.printf(Locale.ROOT, "pairwise  n=%,9d  %9.1f ms  (at 100,000: about %.0f s)%n", n, ms,
                    ms * Math.pow(100_000.0 / n, 2) / 1e3);
        }
    }

    private static List<double[]> pairwise(List<Execution> all) {
        List<double[]> out = new ArrayList<>(all.size());
        for (Execution e : all) {
            out.add(new double[] {PairwiseOverlap.meanInFlight(e, all), PairwiseOverlap.overlapping(e, all)});
        }
        return out;
    }

    private static double medianMillis(int repeats, Runnable task) {
        task.run();
        double[] ms = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            task.run();
            ms[r] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return ms[repeats / 2];
    }
}
