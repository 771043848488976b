package io.tunescope.cli;

import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnob;
import io.tunescope.shop.stack.ShopStackConfig;
import io.tunescope.store.FreshOutput;
import io.tunescope.store.ReconfigurationRecord;
import io.tunescope.store.ReconfigureSummary;
import io.tunescope.store.ResultsDir;
import io.tunescope.tune.reconfigure.ReconfigurationRule;
import io.tunescope.tune.reconfigure.ShopReconfiguration;
import io.tunescope.tune.reconfigure.ShopReconfigureConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code tunescope shop reconfigure}: node reconfiguration online. */
@Command(name = "reconfigure", mixinStandardHelpOptions = true, defaultValueProvider = CommandDefaults.class,
        description = "Start the stack with its application nodes in two tiers behind nginx (browse pages to one, "
                + "order pages to the other), drive it with emulated browsers whose mix may change, and every window "
                + "move a node to the hottest tier when that lowers the imbalance; report the WIPS before and after "
                + "each move, for --duration. Writes reconfiguration.json and summary.json.")
public final class ShopReconfigureCommand implements Callable<Integer>, CommandDefaults.Source {
    @Mixin
    ShopLoadOptions load;

    @Option(names = "--window", defaultValue = "5s", converter = DurationConverter.class,
            description = "each measured window of utilization and WIPS (default: ${DEFAULT-VALUE})")
    Duration window;

    @Option(names = "--settle", defaultValue = "2s", converter = DurationConverter.class,
            description = "pause after a move before its after-window (default: ${DEFAULT-VALUE})")
    Duration settle;

    @Option(names = "--hysteresis", defaultValue = "" + ReconfigurationRule.DEFAULT_HYSTERESIS,
            description = "a move must lower the predicted imbalance (max - min tier utilization) by at least this "
                    + "(default: ${DEFAULT-VALUE})")
    double hysteresis;

    @Option(names = "--browse-nodes", defaultValue = "0", description = "application nodes that start in the browse "
            + "tier; the rest serve the order tier (default: half of --app-nodes)")
    int browseNodes;

    @Option(names = "--proxy-nodes", defaultValue = "0", description = "node slots that start as Squid nodes of a "
            + "proxy tier in front of the browse and order tiers; a node moved to or from it changes role "
            + "(default: ${DEFAULT-VALUE}, no proxy tier)")
    int proxyNodes;

    @Option(names = "--browse-cache-entries", description = "page-cache entries of a browse "
            + "node; when it differs from --app-cache-entries (the order nodes'), a moved node is restarted with "
            + "its new tier's value (default: the same, no restart)")
    Integer browseCacheEntries;

    @Mixin
    ResultsDirOption out;

    @Mixin
    SeedOption seed;

    @Mixin
    ShopStackOptions stack;

    /** Several windows, each move's before and after, and time for a mix change. */
    @Override
    public Map<String, String> optionDefaults() {
        return Map.of("--duration", "90s");
    }

    @Override
    public Integer call() throws Exception {
        ShopRunCommand.limitCommonPool();
        int browsers = load.browsers();
        Path dir = out.dir("reconfigure");
        int nodes = stack.appNodes;
        ShopStackConfig stackConfig = new ShopStackConfig(dir, stack.database.name, stack.pgBin.dirOrNull(),
                new ShopScale(stack.items, browsers, stack.scaleDown), seed.seed(), stack.appKnobs(), stack.tiers());
        ShopReconfigureConfig config = new ShopReconfigureConfig(stackConfig,
                browseNodes == 0 ? Math.max(1, (nodes - Math.max(0, proxyNodes)) / 2) : browseNodes,
                browseCacheEntries == null ? stack.appKnobs().get(AppKnob.CACHE_ENTRIES) : browseCacheEntries,
                load.mix(), load.mixChange(), browsers, load.rampUp(), load.duration(), load.think(), window, settle,
                hysteresis, seed.seed(), proxyNodes);
        FreshOutput.check(dir);
        ReconfigureSummary s = ShopReconfiguration.run(config, ProgressBar.ON_STDERR);
        ReconfigurationRecord r = s.reconfiguration();
        if (r != null) {
            for (ReconfigurationRecord.Step step : r.steps()) {
                System.out.println(String.format(Locale.ROOT, "  %.1f s: %s %s -> %s%s (%.1f s): %s",
                        step.atSeconds(), step.node(), step.from(), step.to(), "role".equals(step.kind())
                                ? ", role changed" : "", step.moveSeconds(), step.ok()
                                ? String.format(Locale.ROOT, "%.1f -> %.1f WIPS%s", step.beforeWips(),
                                step.afterWips(), step.samePhase() ? "" : " (mix changed in between)")
                                : "FAILED, node excluded"));
            }
            r.failedNodes().forEach(f -> System.out.println(String.format(Locale.ROOT, "  %.1f s: %s excluded "
                    + "(%s): %s", f.atSeconds(), f.node(), f.during(), f.reason())));
        }
        String beforeAfter = r == null || r.before() == null ? "no move" : String.format(Locale.ROOT,
                "%d move(s), %.1f WIPS before, %s after", r.moves().size(), r.before().wips(),
                r.after() == null ? "n/a" : String.format(Locale.ROOT, "%.1f", r.after().wips()));
        System.out.println(String.format(Locale.ROOT, "shop reconfigure: %s%s, %d browsers, %d nodes, %.0f s: "
                        + "%.1f WIPS, %d errors; %s%s; %s", s.mix(), s.mixChange() == null ? "" : " -> "
                        + s.mixChange(), s.browsers(), s.appNodes(), s.measureSeconds(), s.wips(), s.errors(),
                beforeAfter, s.error() == null ? "" : "; ERROR " + s.error(), ResultsDir.of(dir).summary()));
        return s.error() == null && s.wips() > 0 ? ExitCode.OK : ExitCode.FAILURE;
    }
}
