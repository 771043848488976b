package io.tunescope.tune.cluster;

import io.tunescope.Progress;
import io.tunescope.store.ClusterBenchDescription;
import io.tunescope.store.ClusterResult;
import io.tunescope.store.Json;
import io.tunescope.store.ReconfigurationRecord;
import io.tunescope.store.TuningDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * Compares tuning modes on the same cluster, budget, strategy and seed (Chung and Hollingsworth 2004, Table 4): runs each mode on a fresh
 * bench from {@code benches}, then writes {@code cluster.json} ({@link ClusterResult}), from which the report draws
 * the chart of WIPS per trial per mode. {@code trialsTo95Percent} counts to 95 % of the best WIPS that any mode measured, so the modes are
 * measured against one yardstick (a mode that never comes near it has none).
 */
public final class ClusterComparison {
    public static final String REFERENCE = "the best WIPS measured by any mode of this comparison";

    private ClusterComparison() {
    }

    /** The result of a comparison; also written to {@code cluster.json}. */
    public record Result(ClusterResult result, List<ModeRun.Outcome> outcomes) {
    }

    /** Runs one mode on a bench ({@link ModeRun#run} by default; partitioning may run its tuners as processes). */
    public interface ModeRunner {
        ModeRun.Outcome run(ClusterBench bench, TuningMode mode, ModeRun.Settings settings, Path outDir,
                            Progress progress) throws InterruptedException;
    }

    public static Result run(Supplier<ClusterBench> benches, List<TuningMode> modes, ModeRun.Settings settings,
                             Path outDir, Progress progress) throws InterruptedException {
        return run(benches, modes, settings, outDir, progress, ModeRun::run);
    }

    /** As {@link #run(Supplier, List, ModeRun.Settings, Path, Progress)}, each mode run by {@code runner}. */
    public static Result run(Supplier<ClusterBench> benches, List<TuningMode> modes, ModeRun.Settings settings,
                             Path outDir, Progress progress, ModeRunner runner) throws InterruptedException {
        List<ModeRun.Outcome> outcomes = new ArrayList<>();
        ClusterBenchDescription describe = null;
        ClusterLayout layout = null;
        for (TuningMode mode : modes) {
            try (ClusterBench bench = benches.get()) {
                if (describe == null) {
                    describe = bench.describe();
                    layout = bench.layout();
                }
                outcomes.add(runner.run(bench, mode, settings, outDir, progress));
            }
        }
        ClusterResult result = summarize(outcomes, settings, describe, layout, null);
        Json.writeAtomically(TuningDir.of(outDir).cluster(), result);
        return new Result(result, outcomes);
    }

    /** cluster.json's content from the modes' outcomes (a pure function). */
    public static ClusterResult summarize(List<ModeRun.Outcome> outcomes, ModeRun.Settings settings,
                                          ClusterBenchDescription bench, ClusterLayout layout,
                                          ReconfigurationRecord reconfiguration) {
        double reference = outcomes.stream().mapToDouble(o -> ClusterMetrics.best(o.wipsPerTrial()))
                .filter(w -> !Double.isNaN(w)).max().orElse(Double.NaN);
        List<ClusterResult.Mode> modes = new ArrayList<>();
        for (ModeRun.Outcome o : outcomes) {
            List<Double> wips = o.wipsPerTrial();
            OptionalInt to95 = Double.isNaN(reference) ? OptionalInt.empty()
                    : ClusterMetrics.trialsTo95Percent(wips, reference);
            modes.add(new ClusterResult.Mode(o.mode().label(), o.trials().size(), finite(ClusterMetrics.best(wips)),
                    to95.isPresent() ? to95.getAsInt() : null, finite(ClusterMetrics.std(wips)),
                    finite(ClusterMetrics.std(wips.subList(wips.size() / 2, wips.size()))), o.excluded(),
                    o.tuners(), wips.stream().map(ClusterComparison::finite).toList(), ModeRun.plain(o.bestConfigByNode()),
                    round(o.wallSeconds())));
        }
        List<ClusterResult.Node> nodes = layout == null ? List.of() : layout.nodes().stream()
                .map(n -> new ClusterResult.Node(n.name(), n.tier(), n.line())).toList();
        return new ClusterResult(modes, reconfiguration, REFERENCE, finite(reference), settings.trials(),
                settings.strategy(), settings.seed(), bench, nodes);
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? round(v) : null;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
