package io.tunescope.cli;

import io.tunescope.monitor.MonitorOptions;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.stack.ShopRun;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.store.FreshOutput;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code tunescope shop run}: one measured load of emulated browsers on a fresh stack, stopped afterwards. */
@Command(name = "run", mixinStandardHelpOptions = true, defaultValueProvider = CommandDefaults.class,
        description = "Start the database (populated from the seed), the application nodes and the proxy, drive "
                + "them with emulated browsers (ramp-up, measurement, ramp-down), stop everything, write summary.json.")
public final class ShopRunCommand implements Callable<Integer>, CommandDefaults.Source {
    @Mixin
    ShopLoadOptions load;

    @Option(names = "--ramp-down", defaultValue = "5s", converter = DurationConverter.class,
            description = "unmeasured load after the interval (default: ${DEFAULT-VALUE})")
    Duration rampDown;

    @Option(names = "--arrival-rate", defaultValue = "0", paramLabel = "R", description = "open load: sessions "
            + "arrive as a Poisson process at R per second, each lasting a TPC-W session time (mean 15 min, at most "
            + "60, times --think-scale); --browsers then only sizes the store. 0: closed load (default)")
    double arrivalRate;

    @Mixin
    MonitorRunOptions monitor;

    @Mixin
    ResultsDirOption out;

    @Mixin
    SeedOption seed;

    @Mixin
    ShopStackOptions stack;

    /**
     * The JDK's HttpClient hands every answer to CompletableFuture's default executor, which on a machine with fewer
     * than 3 cores (common-pool parallelism 1) starts a new thread per task: one thread per request in the driver.
     * A common pool of 2 avoids that; it only takes effect if set before the pool is first used, hence here.
     */
    private static final String COMMON_POOL = "java.util.concurrent.ForkJoinPool.common.parallelism";

    static void limitCommonPool() {
        if (System.getProperty(COMMON_POOL) == null && Runtime.getRuntime().availableProcessors() < 3) {
            System.setProperty(COMMON_POOL, "2");
        }
    }

    @Override
    public Map<String, String> optionDefaults() {
        return Map.of("--duration", "60s");
    }

    /** The run the options describe, checked; nothing started yet. */
    ShopRunConfig config() {
        int browsers = load.browsers();
        MonitorOptions sampling = monitor.tierSampling();
        return new ShopRunConfig(load.mix(), browsers, load.rampUp(), load.duration(), rampDown, load.think(),
                new ShopScale(stack.items, browsers, stack.scaleDown), stack.database.name, stack.pgBin.dirOrNull(),
                stack.appKnobs(), seed.seed(), out.dir("shop"), arrivalRate, sampling, stack.tiers(),
                load.mixChange());
    }

    @Override
    public Integer call() throws Exception {
        limitCommonPool();
        ShopRunConfig config = config();
        FreshOutput.check(config.out());
        ShopSummary s = ShopRun.run(config, ProgressBar.ON_STDERR);
        String lines = s.lines() > 1 ? ", " + s.lines() + " lines " + s.wipsByLine() : "";
        String failed = s.failedNodes().isEmpty() ? "" : " (failed: " + String.join(", ", s.failedNodes()) + ")";
        String caches = lines + (s.appNodes() > 1 ? ", " + s.appNodes() + " nodes" : "")
                + (s.proxy().equals("none") ? "" : String.format(Locale.ROOT, ", %s cache answered %.1f %%", s.proxy(),
                s.proxyCacheHitPercent()))
                + (s.appCacheHitPercent() > 0 ? String.format(Locale.ROOT, ", app caches %.1f %%",
                s.appCacheHitPercent()) : "");
        System.out.println(String.format(Locale.ROOT, "shop run: %s, %d browsers, %.0f s: %.1f %s, %d errors, "
                        + "shares within %.2f pp of TPC-W, p90 within limits: %s%s%s; %s", s.mix(), s.browsers(),
                s.measureSeconds(), s.wips(), s.metric(), s.errors(), s.maxShareGapPoints(), s.p90WithinLimits(),
                caches, s.degraded() ? ", DEGRADED" + failed : "", ResultsDir.of(config.out()).summary()));
        if (s.proxies() != null) {
            s.proxies().forEach(p -> System.out.println(String.format(Locale.ROOT, "  %s (%s): %d requests, hit "
                    + "ratio %.1f %% by requests, %.1f %% by bytes", p.node(), p.proxy(), p.requests(),
                    p.requestHitPercent(), p.byteHitPercent())));
        }
        System.out.println(String.format(Locale.ROOT, "  images: %d (%.1f/s), %d KiB, p90 %.1f ms, %d errors",
                s.images().requests(), s.images().perSecond(), s.images().kbytes(), s.images().p90Millis(),
                s.images().errors()));
        if (s.phases() != null) {
            s.phases().forEach(p -> System.out.println(String.format(Locale.ROOT, "  phase %s from %.0f s: %.1f WIPS "
                    + "over %.0f s, order interactions %.1f %%", p.mix(), p.startSeconds(), p.wips(), p.seconds(),
                    p.orderSharePercent())));
        }
        if (s.wips() > 0) {
            return ExitCode.OK;
        }
        System.err.println("tunescope: shop run: " + noWipsReason(s, config.out()));
        return ExitCode.FAILURE;
    }

    /** Why a run measured no web interaction per second, from what its summary says, on one line. */
    static String noWipsReason(ShopSummary s, Path out) {
        String why;
        if (s.failedNodes() != null && !s.failedNodes().isEmpty()) {
            why = "nodes failed: " + String.join(", ", s.failedNodes());
        } else if (s.errors() > 0) {
            why = s.errors() + " interactions failed" + (s.errorsByKind() == null || s.errorsByKind().isEmpty() ? ""
                    : " " + s.errorsByKind());
        } else {
            why = "no interaction completed within the " + Math.round(s.measureSeconds()) + " s measured (a "
                    + "think time longer than the measurement, or too few browsers: give a longer --duration)";
        }
        return "0 " + s.metric() + " measured: " + why + "; the tiers' logs are in " + ResultsDir.of(out).tierLog(
                "stack").getParent();
    }
}
