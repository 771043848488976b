package io.tunescope.experiment.shop;

import io.tunescope.store.ResultsDatabase;
import io.tunescope.Progress;
import io.tunescope.analysis.shop.CapacityAnalysis;
import io.tunescope.analysis.shop.CapacityLevel;
import io.tunescope.analysis.shop.CapacitySummary;
import io.tunescope.analysis.shop.SaturatedTier;
import io.tunescope.analysis.usl.UslResult;
import io.tunescope.shop.stack.ShopRun;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.RunEnvironment;
import io.tunescope.store.ShopSummary;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code shop capacity}: starts and populates one stack (sized for the highest level), drives it at every level in
 * turn with the thread monitor on every tier and the driver, writes each level's summary.json and then capacity.json
 * (levels, USL fit over (browsers, WIPS), the saturated tier); stops the stack, also on failure. A level in which
 * the application node died ends the curve there (its warning says so).
 */
public final class ShopCapacity {
    private ShopCapacity() {
    }

    public static CapacitySummary run(ShopCapacityConfig config, Progress progress) throws IOException,
            SQLException, InterruptedException {
        ShopRunConfig stack = config.stack();
        ResultsDir dir = ResultsDir.of(stack.out());
        int cores = Runtime.getRuntime().availableProcessors();
        List<ShopSummary> summaries = new ArrayList<>();
        List<CapacityLevel> levels = new ArrayList<>();
        try (ShopRun run = ShopRun.start(stack, progress);
             Progress.Task task = progress.start("capacity levels", config.levels().size()
                     * stack.rampUp().plus(stack.measure()).plus(stack.rampDown()).toSeconds(), "s")) {
            Progress inner = (label, total, unit) -> new Progress.Task() {
                @Override
                public void step(long units) {
                    task.step(units);
                }

                @Override
                public void done() {
                    // one level ends; the curve's bar goes on
                }
            };
            for (int browsers : config.levels()) {
                ShopSummary s = run.drive(stack, browsers, inner);
                ResultsDir levelDir = dir.capacityLevel(browsers);
                ResultsDatabase.writeWithSummary(levelDir.summary(), s, List.of());
                summaries.add(s);
                levels.add(CapacityAnalysis.level(s, summaries.get(0), cores,
                        relative(dir.root(), levelDir.summary())));
                if (s.degraded()) {
                    // the node is gone: higher levels would only count connection errors
                    break;
                }
            }
        }
        CapacitySummary summary = summarize(config, summaries, levels, cores);
        ResultsDatabase.writeWithSummary(dir.shopCapacity(), summary, ResultsDatabase.across("levels", "browsers",
                config.levels().stream().map(String::valueOf).toList(), b -> dir.capacityLevel(Integer.parseInt(b))
                        .summary()));
        return summary;
    }

    static CapacitySummary summarize(ShopCapacityConfig config, List<ShopSummary> summaries,
                                     List<CapacityLevel> levels, int cores) {
        ShopRunConfig stack = config.stack();
        List<String> warnings = new ArrayList<>(CapacityAnalysis.warnings(levels));
        UslResult usl = CapacityAnalysis.usl(levels, stack.seed(), warnings);
        SaturatedTier saturated = SaturatedTier.of(levels.get(levels.size() - 1).tiers(), cores).orElse(null);
        ShopSummary last = summaries.get(summaries.size() - 1);
        return new CapacitySummary(last.mix(), last.metric(), last.database(), stack.think().scale(),
                stack.rampUp().toMillis() / 1000.0, stack.measure().toMillis() / 1000.0, stack.seed(), cores,
                last.population(), levels, usl, saturated, SaturatedTier.RULE, warnings, RunEnvironment.capture());
    }

    private static String relative(Path root, Path file) {
        return root.toAbsolutePath().relativize(file.toAbsolutePath()).toString();
    }
}
