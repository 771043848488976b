package io.tunescope.experiment.shop;

import io.tunescope.store.ResultsDatabase;
import io.tunescope.Progress;
import io.tunescope.SignalStop;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunescope.store.Json;
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
        try (SignalStop stop = SignalStop.install("shop-capacity-stop", ShopRun.SIGNAL_WAIT_SECONDS);
             ShopRun run = ShopRun.start(stack, progress);
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
                // SIGTERM or Ctrl-C interrupts the level: it is kept, cut short, as the curve's last
                boolean cut = stop.signalled() || Thread.interrupted();
                ResultsDir levelDir = dir.capacityLevel(browsers);
                ShopRun.writeSummary(levelDir.summary(), s, !cut);
                summaries.add(s);
                levels.add(CapacityAnalysis.level(s, summaries.get(0), cores,
                        relative(dir.root(), levelDir.summary())));
                if (cut) {
                    writeCapacity(config, dir, summarize(config, summaries, levels, cores), browsers);
                    throw new InterruptedException("stopped by a signal at " + browsers + " browsers");
                }
                if (s.degraded()) {
                    // the node is gone: higher levels would only count connection errors
                    break;
                }
            }
        }
        CapacitySummary summary = summarize(config, summaries, levels, cores);
        writeCapacity(config, dir, summary, null);
        return summary;
    }

    /**
     * capacity.json with {@code complete}; a curve stopped by a signal at {@code cutAt} browsers (null: not stopped)
     * says so and why, so no reader takes it as whole.
     */
    private static void writeCapacity(ShopCapacityConfig config, ResultsDir dir, CapacitySummary summary,
                                      Integer cutAt) {
        ObjectNode node = Json.MAPPER.valueToTree(summary);
        node.put("complete", cutAt == null);
        if (cutAt != null) {
            node.put("failure", "stopped by a signal (SIGTERM or Ctrl-C) during the level of " + cutAt
                    + " browsers: the levels are those measured until then, the last one cut short");
        }
        List<String> measured = summary.levels().stream().map(l -> String.valueOf(l.browsers())).toList();
        ResultsDatabase.writeWithSummary(dir.shopCapacity(), node, ResultsDatabase.across("levels", "browsers",
                measured, b -> dir.capacityLevel(Integer.parseInt(b)).summary()));
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
