package io.tunescope.shop.stack;

import io.tunescope.SignalStop;
import io.tunescope.store.ResultsDatabase;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.shop.Interaction;
import io.tunescope.shop.Mix;
import io.tunescope.shop.app.AppKnob;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.BrowserResult;
import io.tunescope.shop.browser.BrowserRunConfig;
import io.tunescope.shop.browser.Traffic;
import io.tunescope.shop.db.ShopCounts;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.SquidProxy;
import io.tunescope.store.Documents;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopSummary;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code shop run}: starts the database tier and populates it, starts the application nodes and the proxy in front
 * of them, drives the stack with the emulated browsers, stops every process (also on failure) and writes
 * summary.json. A started stack can be driven several times ({@link #start}, then {@link #drive} per load level,
 * then {@link #close}), as {@code shop capacity} does: the store is populated once.
 */
public final class ShopRun implements AutoCloseable {
    /** How long the JVM's exit on SIGTERM waits for the summary of what was measured (and the stack's stop). */
    public static final long SIGNAL_WAIT_SECONDS = 60;
    private final ShopStack stack;

    ShopRun(ShopStack stack) {
        this.stack = stack;
    }

    /**
     * One run: start, drive, stop, summary.json. SIGTERM or Ctrl-C while the browsers run ends them early: the
     * summary is still written, of what was measured, with {@code "complete": false} (as a TPC-H run's), and the
     * JVM's exit waits for it (at most {@link #SIGNAL_WAIT_SECONDS}).
     */
    public static ShopSummary run(ShopRunConfig config, Progress progress) throws IOException, SQLException,
            InterruptedException {
        ResultsDir dir = ResultsDir.of(config.out());
        try (SignalStop stop = SignalStop.install("shop-run-stop", SIGNAL_WAIT_SECONDS);
             ShopRun run = start(config, progress)) {
            ShopSummary summary = run.drive(config, config.browsers(), progress);
            writeSummary(dir.summary(), summary, !stop.signalled() && !Thread.currentThread().isInterrupted());
            return summary;
        }
    }

    /** summary.json with {@code complete}, and for a run stopped early the reason, so no reader takes it as whole. */
    public static void writeSummary(Path file, ShopSummary summary, boolean complete) {
        // stamped from the record, so the document's type is the summary's ("shop") and not the file name's
        ObjectNode node = (ObjectNode) Documents.stamped(file, summary);
        node.put("complete", complete);
        if (!complete) {
            node.put("failure", String.format(java.util.Locale.ROOT, "stopped by a signal (SIGTERM or Ctrl-C) "
                    + "after %.1f s of measurement: the figures are of what was measured until then",
                    summary.measureSeconds()));
        }
        ResultsDatabase.writeWithSummary(file, node, java.util.List.of());
    }

    /** Starts the stack and populates the store, sized for {@code config.browsers()}; close it when done. */
    public static ShopRun start(ShopRunConfig config, Progress progress) throws IOException, SQLException,
            InterruptedException {
        return new ShopRun(ShopStack.start(config.stack(), progress));
    }

    /**
     * One load of {@code browsers} emulated browsers (at most the store's size) on the running stack, with the
     * phases, mix, think time, seed and monitor of {@code config}; returns its summary (the caller writes it).
     */
    public ShopSummary drive(ShopRunConfig config, int browsers, Progress progress) throws InterruptedException {
        StackProcesses processes = new StackProcesses(stack);
        AtomicReference<TierMonitor> monitor = new AtomicReference<>();
        List<ShopSummary.TierThreads> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
        Runnable atStart = () -> {
            processes.markStart();
            if (config.monitor() != null) {
                monitor.set(TierMonitor.start(stack, config.monitor()));
            }
        };
        java.util.concurrent.atomic.AtomicBoolean ended = new java.util.concurrent.atomic.AtomicBoolean();
        Runnable atEnd = () -> {
            if (ended.getAndSet(true)) {
                return;
            }
            processes.markEnd();
            if (monitor.get() != null) {
                threads.addAll(monitor.getAndSet(null).stop());
            }
        };
        List<BrowserResult> byLine;
        try {
            byLine = drive(config, browsers, stack.lines.stream().map(ShopStack.Line::baseUrl).toList(), atStart,
                    atEnd, progress);
        } finally {
            if (monitor.get() != null) {
                monitor.get().stop();
            }
        }
        List<String> failed = stack.failedNodes();
        Map<String, Double> wipsByLine = new java.util.LinkedHashMap<>();
        for (int k = 0; k < byLine.size(); k++) {
            wipsByLine.put(stack.lines.get(k).name(), round(byLine.get(k).wips()));
        }
        ShopSummary s = summary(config, browsers, LineBrowsers.merge(byLine), processes.tiers(), !failed.isEmpty(),
                stack.database.kind(), population(stack.counts, config, stack.loadSeconds),
                config.monitor() != null ? threads : null);
        return withLines(s, stack, wipsByLine, failed, byLine);
    }

    /** {@code s} with the stack's work lines: their count, each line's WIPS, the nodes that failed, all nodes. */
    private static ShopSummary withLines(ShopSummary s, ShopStack stack, Map<String, Double> wipsByLine,
                                         List<String> failed, List<BrowserResult> byLine) {
        return new ShopSummary(s.mix(), s.browsers(), s.measureSeconds(), s.wips(), s.errors(), s.degraded(),
                s.interactions(), s.tiers(), s.metric(), s.database(), s.rampUpSeconds(), s.rampDownSeconds(),
                s.thinkScale(), s.population(), s.errorsByKind(), s.maxShareGapPoints(), s.p90WithinLimits(),
                s.appKnobs(), s.seed(), s.arrivalRatePerSecond(), s.sessions(), s.monitor(), s.proxy(),
                stack.apps.size(), s.proxyKnobs(), s.proxyCacheHitPercent(), s.appCacheHitPercent(),
                stack.lines.size(), wipsByLine, failed, s.phases(), proxies(stack, byLine), s.images());
    }

    /** Each line's proxy with what its browsers saw of it; null without a proxy. */
    private static List<ShopSummary.ProxyHits> proxies(ShopStack stack, List<BrowserResult> byLine) {
        List<ShopSummary.ProxyHits> out = new ArrayList<>();
        for (int k = 0; k < byLine.size(); k++) {
            ShopStack.Line line = stack.lines.get(k);
            if (line.proxy() != null) {
                Traffic t = byLine.get(k).traffic();
                out.add(new ShopSummary.ProxyHits(line.proxyNode(), line.proxy() instanceof SquidProxy
                        ? ShopTiers.SQUID : ShopTiers.NGINX, t.requests(), round(t.requestHitPercent()),
                        t.bytes() / 1024, round(t.byteHitPercent())));
            }
        }
        return out.isEmpty() ? null : out;
    }

    /**
     * Starts the nodes of {@code layout} over {@code database} (running and populated; closing the run leaves it
     * running), proxies from {@code proxyBinary} (null: nginx's default), logs under {@code out}; close it when done.
     */
    public static ShopRun startOver(PopulatedDatabase database, ShopLayout layout, Path proxyBinary, Path out)
            throws IOException {
        return new ShopRun(ShopStack.startOver(database, layout, proxyBinary, out));
    }

    /** The nodes that died since the stack started, by name (empty while every node runs). */
    public List<String> failedNodes() {
        return stack.failedNodes();
    }

    @Override
    public void close() {
        stack.close();
    }

    /**
     * Runs the browsers, each work line's share against its base URL, reading each process's CPU time as the
     * measurement interval starts and ends; returns each line's figures.
     */
    private static List<BrowserResult> drive(ShopRunConfig config, int browsers, List<String> baseUrls,
                                             Runnable atStart, Runnable atEnd, Progress progress)
            throws InterruptedException {
        if (browsers < baseUrls.size()) {
            throw BadInputException.of("browsers", browsers, "must be at least one per work line (" + baseUrls.size()
                    + ")");
        }
        BrowserRunConfig load = new BrowserRunConfig(URI.create(baseUrls.get(0)), config.mix(), browsers,
                config.rampUp(), config.measure(), config.rampDown(), config.think(), config.scale(), config.seed(),
                config.arrivalRatePerSecond(), config.mixChange());
        List<BrowserRunConfig> loads = new ArrayList<>();
        for (int k = 0; k < baseUrls.size(); k++) {
            loads.add(LineBrowsers.lineLoad(load, baseUrls.size(), k, URI.create(baseUrls.get(k))));
        }
        ScheduledExecutorService marks = Executors.newSingleThreadScheduledExecutor();
        try (Progress.Task task = progress.start("emulated browsers", load.total().toSeconds(), "s")) {
            marks.schedule(atStart, config.rampUp().toMillis(), TimeUnit.MILLISECONDS);
            marks.schedule(atEnd, config.rampUp().plus(config.measure()).toMillis(), TimeUnit.MILLISECONDS);
            marks.scheduleAtFixedRate(() -> task.step(1), 1, 1, TimeUnit.SECONDS);
            List<BrowserResult> result = LineBrowsers.run(loads);
            if (Thread.interrupted()) {
                // stopped early: the figures end now, and so does the tiers' CPU time (once, if not marked yet)
                marks.shutdownNow();
                atEnd.run();
                Thread.currentThread().interrupt();
                return result;
            }
            // the end mark may still be running (no ramp-down): let it finish before the summary reads its figures
            marks.shutdown();
            marks.awaitTermination(30, TimeUnit.SECONDS);
            return result;
        } finally {
            marks.shutdownNow();
        }
    }

    private static ShopSummary.Population population(ShopCounts counts, ShopRunConfig config, double loadSeconds) {
        return new ShopSummary.Population(counts.items(), counts.customers(), counts.addresses(), counts.orders(),
                counts.orderLines(), counts.authors(), counts.countries(), config.scale().scaleDown(), loadSeconds);
    }

    static ShopSummary summary(ShopRunConfig config, int browsers, BrowserResult result, List<ShopSummary.Tier> tiers,
                               boolean degraded, String database, ShopSummary.Population population,
                               List<ShopSummary.TierThreads> threads) {
        List<ShopSummary.Interaction> rows = new ArrayList<>();
        Traffic traffic = result.traffic();
        ShopSummary.Images images = new ShopSummary.Images(traffic.images(), result.measureSeconds() <= 0 ? 0
                : round(traffic.images() / result.measureSeconds()), traffic.imageErrors(), traffic.imageBytes() / 1024,
                round(traffic.imageP90Millis()), round(traffic.imageMaxMillis()));
        double maxGap = 0;
        boolean withinLimits = true;
        for (Interaction i : Interaction.values()) {
            BrowserResult.Measured m = result.perInteraction().get(i);
            double spec = config.mix().specPercent(i);
            rows.add(new ShopSummary.Interaction(i.title(), m.count(), round(m.sharePercent()), spec,
                    round(m.p90Millis()), i.limitMillis(), round(m.maxMillis())));
            maxGap = Math.max(maxGap, Math.abs(m.sharePercent() - spec));
            withinLimits &= m.p90Millis() <= i.limitMillis();
        }
        AppKnobs app = config.appKnobs();
        Map<String, Integer> knobs = new TreeMap<>(Map.of(
                "minThreads", app.get(AppKnob.MIN_THREADS), "maxThreads", app.get(AppKnob.MAX_THREADS),
                "acceptQueue", app.get(AppKnob.ACCEPT_QUEUE), "poolSize", app.get(AppKnob.POOL_SIZE),
                "cacheEntries", app.get(AppKnob.CACHE_ENTRIES), "cacheTtlMillis", app.get(AppKnob.CACHE_TTL_MILLIS),
                "pageMaxAgeSeconds", app.get(AppKnob.PAGE_MAX_AGE_SECONDS)));
        ShopTiers t = config.tiers();
        ProxyKnobs p = t.proxyKnobs();
        Map<String, Integer> proxyKnobs = t.hasProxy() ? new TreeMap<>(Map.of("cacheMiB", p.cacheMiB(),
                "maxObjectKiB", p.maxObjectKiB(), "workerProcesses", p.workerProcesses(), "workerConnections",
                p.workerConnections(), "failTimeoutSeconds", p.failTimeoutSeconds())) : null;
        return new ShopSummary(config.mix().label(), browsers, result.measureSeconds(), round(result.wips()),
                result.errors(), degraded, rows, tiers, metric(config.mix()), database,
                config.rampUp().toMillis() / 1000.0, config.rampDown().toMillis() / 1000.0, config.think().scale(),
                population, result.errorsByKind(), round(maxGap), withinLimits, knobs, config.seed(),
                config.arrivalRatePerSecond(), result.sessions(), threads, t.proxy(), t.appNodes(), proxyKnobs,
                percent(result.proxyCacheHits(), result.completed()), percent(result.appCacheHits(),
                result.completed()), t.lines(), null, List.of(), phases(result), null, images);
    }

    /** The phases of a run whose mix changed; null (left out of summary.json) for one mix throughout. */
    private static List<ShopSummary.Phase> phases(BrowserResult result) {
        if (result.phases().isEmpty()) {
            return null;
        }
        return result.phases().stream().map(p -> new ShopSummary.Phase(p.mix(), round(p.startSeconds()),
                round(p.seconds()), p.completed(), round(p.wips()), round(p.orderSharePercent()))).toList();
    }

    private static String metric(Mix mix) {
        return switch (mix) {
            case BROWSING -> "WIPSb";
            case SHOPPING -> "WIPS";
            case ORDERING -> "WIPSo";
        };
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : round(100.0 * part / whole);
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
