package io.tunescope.analysis.scale;

import io.tunescope.analysis.Stats;
import io.tunescope.workload.micro.PlanMode;
import io.tunescope.workload.micro.PointRun;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * separate/shared throughput at one thread count from runs measured back to back (round i of shared beside round
 * i of separate): the median of the per-pair ratios, robust to load that comes and goes on a shared machine.
 * {@code pairedBy} says what a pair is: "forks" when the runs came from fresh JVMs, "rounds" when from one JVM.
 */
public record PairedRatio(int threads, double medianRatio, double minRatio, double maxRatio, int pairs,
                          String pairedBy) {

    /** Pairs the i-th run of each mode at each thread count; thread counts with no pair are left out. */
    public static List<PairedRatio> of(List<PointRun> runs, List<Integer> threads) {
        List<PairedRatio> out = new ArrayList<>();
        for (int t : threads) {
            List<PointRun> shared = runs.stream().filter(r -> r.mode() == PlanMode.SHARED && r.threads() == t
                    && !r.recordsContention()).toList();
            List<PointRun> separate = runs.stream().filter(r -> r.mode() == PlanMode.SEPARATE && r.threads() == t
                    && !r.recordsContention()).toList();
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < Math.min(shared.size(), separate.size()); i++) {
                double sh = Stats.mean(shared.get(i).iterationOpsPerSec());
                if (sh > 0) {
                    ratios.add(Stats.mean(separate.get(i).iterationOpsPerSec()) / sh);
                }
            }
            if (!ratios.isEmpty()) {
                out.add(new PairedRatio(t, Stats.median(ratios),
                        ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                        ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), ratios.size(),
                        Stream.concat(shared.stream(), separate.stream()).map(PointRun::jvmPid).distinct().count() > 1
                                ? "forks" : "rounds"));
            }
        }
        return out;
    }
}
