package io.tunescope.cli;

import io.tunescope.analysis.shop.CapacityLevel;
import io.tunescope.analysis.shop.CapacitySummary;
import io.tunescope.analysis.shop.TierLoad;
import io.tunescope.experiment.shop.ShopCapacity;
import io.tunescope.experiment.shop.ShopCapacityConfig;
import io.tunescope.report.shop.CapacityChart;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.store.FreshOutput;
import io.tunescope.store.ResultsDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code tunescope shop capacity}: WIPS against browsers on one populated stack, the USL fitted over them and the
 * saturated tier named (docs/shop.md, "Capacity curve").
 */
@Command(name = "capacity", mixinStandardHelpOptions = true, defaultValueProvider = CommandDefaults.class,
        description = "Start and populate one stack (sized for the highest level), drive it at each level of "
                + "browsers in turn (each for --duration) with the thread monitor on every tier, fit the Universal Scalability Law over "
                + "(browsers, WIPS), name the saturated tier; writes capacity.json, capacity.png/.svg and "
                + "levels/<N>-browsers/summary.json.")
public final class ShopCapacityCommand implements Callable<Integer>, CommandDefaults.Source {
    @Mixin
    ShopMixOptions load;

    @Option(names = "--browsers", defaultValue = "10,20,40,80,160", paramLabel = "N,N,...",
            description = "load levels, strictly increasing (default: ${DEFAULT-VALUE})")
    String levels;

    @Mixin
    MeasurementOption measurement;

    @Mixin
    ThinkScaleOption thinkScale;

    @Mixin
    ShopStackOptions stack;

    @Mixin
    ResultsDirOption out;

    @Mixin
    SeedOption seed;

    /** Each level measured for 30 s; think times short enough that the highest level can saturate a tier. */
    @Override
    public Map<String, String> optionDefaults() {
        return Map.of("--duration", "30s", "--think-scale", "0.002");
    }

    @Override
    public Integer call() throws Exception {
        ShopRunCommand.limitCommonPool();
        List<Integer> checked = ShopCapacityConfig.parseLevels(levels);
        int highest = checked.get(checked.size() - 1);
        Path dir = out.dir("shop-capacity");
        ShopRunConfig shared = new ShopRunConfig(load.mix(), highest, load.rampUp, measurement.duration(),
                Duration.ZERO, thinkScale.think(), new ShopScale(stack.items, highest, stack.scaleDown), stack.database.name,
                stack.pgBin.dirOrNull(), stack.appKnobs(), seed.seed(), dir, 0, true, stack.tiers());
        ShopCapacityConfig config = new ShopCapacityConfig(checked, shared);
        FreshOutput.check(dir);
        CapacitySummary s = ShopCapacity.run(config, ProgressBar.ON_STDERR);
        CapacityChart.write(s, ResultsDir.of(dir));
        print(s);
        System.out.println("shop capacity: " + ResultsDir.of(dir).shopCapacity());
        return s.levels().stream().anyMatch(l -> l.wips() > 0) ? ExitCode.OK : ExitCode.FAILURE;
    }

    private static void print(CapacitySummary s) {
        System.out.printf(Locale.ROOT, "%-9s %9s %7s %10s  %s%n", "browsers", s.metric(), "errors", "worst p90",
                "tiers: CPU + run-queue delay (cores)");
        for (CapacityLevel l : s.levels()) {
            String tiers = l.tiers().stream().map(ShopCapacityCommand::tier).collect(Collectors.joining("  "));
            System.out.printf(Locale.ROOT, "%-9d %9.1f %7d %9.2fx  %s%n", l.browsers(), l.wips(), l.errors(),
                    l.worstLimitRatio(), tiers);
        }
        if (s.usl() != null) {
            System.out.printf(Locale.ROOT, "USL: sigma %.4f, kappa %.6f, lambda %.3f, R2 %.3f, peak %s%n",
                    s.usl().sigma(), s.usl().kappa(), s.usl().lambda(), s.usl().r2(), s.usl().peakThreads() == null
                            ? "none (kappa 0)" : s.usl().peakThreads() + " browsers");
        }
        if (s.saturatedTier() != null) {
            System.out.println((s.saturatedTier().saturated() ? "saturated tier: " : "busiest tier (not saturated): ")
                    + s.saturatedTier().tier() + " — " + s.saturatedTier().reason());
        }
        s.warnings().forEach(w -> System.out.println("warning: " + w));
    }

    private static String tier(TierLoad t) {
        return String.format(Locale.ROOT, "%s %.2f+%.2f", t.tier(), t.cpuCores(), t.runDelayCores());
    }
}
