package io.tunescope.tune.shop;

import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.engine.knob.Knob;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.proxy.NginxProxy;
import io.tunescope.shop.stack.PopulatedDatabase;
import io.tunescope.shop.stack.ShopCatalogs;
import io.tunescope.shop.stack.ShopLayout;
import io.tunescope.shop.stack.ShopRun;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.shop.stack.ShopTiers;
import io.tunescope.store.ClusterBenchDescription;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopSummary;
import io.tunescope.tune.cluster.ClusterBench;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ClusterMeasurement;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.Constraint;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.Param;
import io.tunescope.tune.space.SearchSpace;
import io.tunescope.tune.target.TimeLimitedRun;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The web shop's stack as a cluster bench: work lines of a proxy (tier {@code proxy}) in front of application nodes
 * (tier {@code app}) over one database, started and populated once by {@link #start} and stopped by
 * {@link #close()}. One measurement starts the layout's nodes, each with its own configuration ({@code proxy_*} or
 * {@code app_*} knobs of {@link ShopCatalogs}), drives them with the emulated browsers split over the lines (ramp-up
 * as warm-up, the measurement interval, ramp-down as cool-down, as {@link ShopTarget} does, within the spec's time
 * limit), stops the nodes and reports the total and per-line WIPS. A node that dies during the measurement fails it
 * and is named in {@link ClusterMeasurement#failedNodes()}; measured again with a layout without it, the bench serves
 * with the rest. A configuration the tiers refuse, interactions that failed, or no interaction measured fail the
 * measurement with the reason.
 */
public record ShopClusterBench(ShopTargetSpec spec, ShopLayout initial, Path proxyBinary, PopulatedDatabase database)
        implements ClusterBench {
    /**
     * Starts the database of {@code spec} under {@code dir} and populates it for the spec's browsers; the cluster is
     * {@code lines} work lines of {@code spec.appNodes()} application nodes each, behind a proxy per line (nginx
     * from {@code proxyBinary}, null: Debian's) unless the spec's proxy is {@code none}.
     */
    public static ShopClusterBench start(ShopTargetSpec spec, int lines, Path proxyBinary, Path dir,
                                         Progress progress) throws IOException, SQLException, InterruptedException {
        ShopLayout layout = shopLayout(spec, lines, proxyBinary);
        if (spec.browsers() < lines) {
            throw BadInputException.of("target.browsers", spec.browsers(), "must be at least one per work line ("
                    + lines + ")");
        }
        if (layout.hasProxy()) {
            NginxProxy.checkBinary(proxyBinary == null ? NginxProxy.DEFAULT_BINARY : proxyBinary);
        }
        PopulatedDatabase database = PopulatedDatabase.start(spec.database(), spec.pgBin(), dir.toAbsolutePath(),
                scale(spec), spec.seed(), progress);
        return new ShopClusterBench(spec, layout, proxyBinary, database);
    }

    private static ShopScale scale(ShopTargetSpec spec) {
        return new ShopScale(spec.items(), spec.browsers(), spec.scaleDown());
    }

    private static ShopLayout shopLayout(ShopTargetSpec spec, int lines, Path proxyBinary) {
        return ShopLayout.uniform(new ShopTiers(spec.proxy(), 0, null, proxyBinary, spec.appNodes(), lines),
                AppKnobs.DEFAULTS);
    }

    /**
     * The nodes a bench of {@code spec} with {@code lines} work lines starts with, known without starting it (a work
     * line's tuner in a process of its own builds its knobs from it, as the bench's {@link #layout()} gives them).
     */
    public static ClusterLayout layoutOf(ShopTargetSpec spec, int lines) {
        return ShopClusterLayouts.toCluster(shopLayout(spec, lines, null));
    }

    @Override
    public ClusterLayout layout() {
        return ShopClusterLayouts.toCluster(initial);
    }

    @Override
    public SearchSpace nodeSpace(String tier) {
        return tierSpace(tier);
    }

    /** The knobs of a {@code proxy} or {@code app} node, from the tier's catalog, with its defaults. */
    public static SearchSpace tierSpace(String tier) {
        return switch (tier) {
            case ShopClusterLayouts.PROXY -> new SearchSpace(params(ShopCatalogs.proxy()), List.of());
            case ShopClusterLayouts.APP -> new SearchSpace(params(ShopCatalogs.app()),
                    List.of(Constraint.parse("app_min_threads <= app_max_threads")));
            default -> throw BadInputException.of("tier", tier, "must be proxy or app on the shop's stack");
        };
    }

    /** Every knob of {@code catalog} as an integer parameter over its range, on a log scale where it spans 1000x. */
    private static List<Param> params(KnobCatalog catalog) {
        List<Param> out = new ArrayList<>();
        for (Knob k : catalog.knobs()) {
            long min = k.min().longValue();
            long max = k.max().longValue();
            out.add(new IntParam(k.name(), min, max, 1, min >= 1 && max / min >= 1_000, List.of(),
                    ((Number) k.defaultValue()).longValue()));
        }
        return out;
    }

    @Override
    public ClusterMeasurement measure(ClusterLayout layout, Map<String, Configuration> configByNode, Path log)
            throws InterruptedException {
        long start = System.nanoTime();
        ShopLayout stack;
        try {
            stack = ShopClusterLayouts.toShop(layout, configByNode);
            if (spec.browsers() < stack.lines().size()) {
                throw BadInputException.of("target.browsers", spec.browsers(), "must be at least one per work line");
            }
        } catch (RuntimeException e) {
            return ClusterMeasurement.failed("cannot apply: " + e.getMessage(), List.of(), millisSince(start));
        }
        if (!database.isAlive()) {
            return ClusterMeasurement.failed("the database tier is down", List.of(), millisSince(start));
        }
        Path out = log.toAbsolutePath();
        TimeLimitedRun<ShopSummary> r = TimeLimitedRun.run("tune-shop-cluster-run", spec.timeout(),
                () -> run(stack, out));
        return r.ok() ? score(r.value(), millisSince(start))
                : ClusterMeasurement.failed(r.failure(), List.of(), millisSince(start));
    }

    /** Starts the nodes of {@code stack} over the shared database, drives them, writes summary.json, stops them. */
    private ShopSummary run(ShopLayout stack, Path out) throws IOException, InterruptedException {
        ShopRunConfig config = runConfig(stack, out);
        try (ShopRun run = ShopRun.startOver(database, stack, proxyBinary, out)) {
            ShopSummary s = run.drive(config, spec.browsers(), Progress.NONE);
            Json.writeAtomically(ResultsDir.of(out).summary(), s);
            return s;
        }
    }

    /** The load of one measurement; the tiers and knobs it names are the first line's, for summary.json. */
    private ShopRunConfig runConfig(ShopLayout stack, Path out) {
        ShopLayout.Line first = stack.lines().get(0);
        int appsPerLine = stack.lines().stream().mapToInt(l -> l.apps().size()).max().orElse(1);
        boolean proxies = stack.lines().stream().anyMatch(l -> l.proxyNode() != null);
        ShopTiers tiers = new ShopTiers(proxies ? ShopTiers.NGINX : ShopTiers.NONE, 0, first.proxyKnobs(),
                proxyBinary, proxies ? appsPerLine : 1, stack.lines().size());
        return new ShopRunConfig(spec.mix(), spec.browsers(), spec.rampUp(), spec.measure(), spec.rampDown(),
                new ThinkTime(spec.thinkScale()), scale(spec), spec.database(), spec.pgBin(),
                first.apps().get(0).knobs(), spec.seed(), out, 0, false, tiers);
    }

    /** The measurement of one run's summary: the nodes that died, errors, nothing measured, or the WIPS. */
    static ClusterMeasurement score(ShopSummary s, long elapsedMillis) {
        if (!s.failedNodes().isEmpty()) {
            return ClusterMeasurement.failed("node(s) " + String.join(", ", s.failedNodes()) + " failed during the "
                    + "measurement", s.failedNodes(), elapsedMillis);
        }
        if (s.errors() > 0) {
            return ClusterMeasurement.failed(s.errors() + " interaction(s) failed " + s.errorsByKind(), List.of(),
                    elapsedMillis);
        }
        if (!(s.wips() > 0)) {
            return ClusterMeasurement.failed("no interaction was measured", List.of(), elapsedMillis);
        }
        return ClusterMeasurement.ok(s.wips(), s.wipsByLine(), List.of(), elapsedMillis);
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    @Override
    public ClusterBenchDescription describe() {
        return new ClusterBenchDescription.Shop(ClusterBenchDescription.SHOP, initial.lines().size(), spec.appNodes(),
                initial.lines().get(0).proxyNode() == null ? ShopTiers.NONE : ShopTiers.NGINX, initial.nodes(),
                spec.database(), spec.mix().label(), spec.browsers(), spec.thinkScale(), spec.items(),
                spec.scaleDown(), Math.round(database.loadSeconds() * 1000) / 1000.0, spec.rampUp().toMillis(),
                spec.measure().toMillis(), spec.rampDown().toMillis(), spec.timeout().toMillis(), spec.seed(), null);
    }

    @Override
    public void close() {
        database.close();
    }
}
