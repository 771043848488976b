package io.tunescope.tune.shop;

import io.tunescope.Progress;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.stack.ShopCatalogs;
import io.tunescope.shop.stack.LiveStack;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.shop.stack.ShopTiers;
import io.tunescope.store.TargetDescription;
import io.tunescope.store.ShopSummary;
import io.tunescope.tune.database.DatabaseTarget;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TimeLimitedRun;
import io.tunescope.tune.target.TuningTarget;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The web shop as a tuning target: the knobs are those of its tiers ({@link ShopCatalogs}: {@code proxy_*} or
 * {@code squid_*}, {@code app_*}, and the database tier's engine knobs). With a fresh stack per trial (the default)
 * one measurement starts a stack with the trial's settings: database (its knobs in its configuration file) populated
 * from the seed, application nodes, proxy, then the emulated browsers (ramp-up as warm-up, the measurement interval,
 * ramp-down as cool-down), then every process stopped. With {@code stack: persistent} one {@link LiveStack} serves
 * the whole session: populated at the first trial, each later trial's knobs applied by reload where the tier allows
 * it and verified before the browsers start; a change a tier refuses fails the trial with the tier's words and the
 * last good configuration is restored, so the session goes on (a stack that cannot be restored is stopped, and the
 * next trial starts a new one). A run with errors or a degraded stack (a node lost) fails its trial with that
 * reason, as does a configuration the tiers' rules refuse (e.g. {@code app_min_threads} above
 * {@code app_max_threads}) and a run past the time limit (interrupted: the run then stops its processes). The
 * default configuration is the catalog's defaults, which are {@code shop run}'s own. The re-validation's runs are
 * monitored and explained ({@link ShopExplainer}). Close it to stop a persistent stack.
 */
public final class ShopTarget implements TuningTarget, AutoCloseable {
    private final ShopTargetSpec spec;
    /** The session's stack with {@code stack: persistent}, once started; null otherwise. */
    private LiveStack live;
    private LiveStack.Settings first;

    /** One trial's result: the run's summary, or the refusal that kept it from running. */
    private record Trial(ShopSummary summary, String refusal) {
    }

    public ShopTarget(ShopTargetSpec spec) {
        this.spec = spec;
    }

    @Override
    public Measurement measure(Configuration config, boolean isDefault, Path log) throws InterruptedException {
        return measure(config, log, false);
    }

    /**
     * This target with the thread monitor on every run, on the same stack: the re-validation's runs then hold each
     * tier's threads and run-queue delay, which {@link #explain} reads with the rest of their summaries.
     */
    @Override
    public TuningTarget forRevalidation() {
        return new TuningTarget() {
            @Override
            public Measurement measure(Configuration config, boolean isDefault, Path log) throws InterruptedException {
                return ShopTarget.this.measure(config, log, true);
            }

            @Override
            public String snippet(Configuration config) {
                return ShopTarget.this.snippet(config);
            }

            @Override
            public java.util.Optional<io.tunescope.store.VerdictExplanation> explain(Path logs) {
                return ShopTarget.this.explain(logs);
            }

            @Override
            public TargetDescription describe() {
                return ShopTarget.this.describe();
            }
        };
    }

    /** Where default and best differ in the re-validation runs under {@code logs} ({@link ShopExplainer}). */
    @Override
    public java.util.Optional<io.tunescope.store.VerdictExplanation> explain(Path logs) {
        return ShopExplainer.explain(logs);
    }

    private Measurement measure(Configuration config, Path log, boolean monitor) throws InterruptedException {
        long start = System.nanoTime();
        ShopRunConfig run;
        LiveStack.Settings settings;
        try {
            // absolute: PostgreSQL's lock file and socket go under the run directory, and pg_ctl runs elsewhere
            run = runConfig(config, DatabaseTarget.runDirectory(log).toAbsolutePath(), monitor);
            settings = settings(config);
        } catch (RuntimeException e) {
            return Measurement.failed("cannot apply: " + e.getMessage(), millisSince(start));
        }
        Path stackDir = log.toAbsolutePath().resolveSibling("live-stack");
        TimeLimitedRun<Trial> r = TimeLimitedRun.run("tune-shop-run", spec.timeout(),
                () -> spec.persistent() ? persistentTrial(settings, run, stackDir) : freshTrial(settings, run));
        if (!r.ok()) {
            if (spec.persistent()) {
                stopLive();   // interrupted or broken mid-trial: its state is unknown, the next trial starts anew
            }
            return Measurement.failed(r.failure(), millisSince(start));
        }
        if (r.value().refusal() != null) {
            return Measurement.failed(r.value().refusal(), millisSince(start));
        }
        Measurement m = score(r.value().summary(), millisSince(start));
        if (m.ok() && live != null) {
            live.markGood();
        }
        return m;
    }

    private Trial freshTrial(LiveStack.Settings settings, ShopRunConfig run) throws Exception {
        try (LiveStack stack = LiveStack.start(spec.database(), spec.pgBin(), run.scale(), spec.seed(), run.tiers(),
                settings, false, run.out(), Progress.NONE)) {
            return new Trial(stack.drive(run), null);
        } catch (LiveStack.Refused e) {
            return new Trial(null, e.getMessage());
        }
    }

    private Trial persistentTrial(LiveStack.Settings settings, ShopRunConfig run, Path stackDir) throws Exception {
        if (live != null && !live.database().isAlive()) {
            stopLive();
        }
        if (live == null) {
            try {
                live = LiveStack.start(spec.database(), spec.pgBin(), run.scale(), spec.seed(), run.tiers(),
                        settings, true, stackDir, Progress.NONE);
                first = settings;
            } catch (LiveStack.Refused e) {
                return new Trial(null, e.getMessage());
            }
        } else {
            try {
                live.apply(settings);
            } catch (LiveStack.Refused e) {
                restore();
                return new Trial(null, e.getMessage());
            }
        }
        return new Trial(live.drive(run), null);
    }

    /** The last good configuration back on every tier; a stack that cannot get there is stopped. */
    private void restore() throws InterruptedException {
        try {
            live.restoreLastGood(first);
        } catch (LiveStack.Refused | RuntimeException e) {
            io.tunescope.Notices.say("tunescope: the persistent stack could not be brought back to its last good "
                    + "configuration (" + e.getMessage() + "); the next trial starts a new one");
            stopLive();
        }
    }

    private synchronized void stopLive() {
        if (live != null) {
            live.close();
            live = null;
        }
    }

    /** The persistent stack, once started (tests read its tiers back). */
    synchronized java.util.Optional<LiveStack> liveStack() {
        return java.util.Optional.ofNullable(live);
    }

    /** Stops the persistent stack, if one was started. */
    @Override
    public void close() {
        stopLive();
    }

    /** Every tier's knobs from {@code config}, checked against the tiers' catalogs and rules. */
    LiveStack.Settings settings(Configuration config) {
        Map<String, Object> values = config.values();
        Map<String, Object> proxyValues = only(values, "proxy_");
        proxyValues.putAll(only(values, "squid_"));
        Map<String, Object> database = new LinkedHashMap<>(values);
        database.keySet().removeIf(k -> k.startsWith("proxy_") || k.startsWith("squid_") || k.startsWith("app_"));
        return new LiveStack.Settings(ShopCatalogs.proxyKnobs(proxyValues), ShopCatalogs.appKnobs(only(values,
                "app_")), ShopCatalogs.databaseSettings(spec.database(), database));
    }

    /** The objective of one run's summary, or why it failed: errors, a degraded stack, nothing measured. */
    Measurement score(ShopSummary s, long elapsedMillis) {
        if (s.errors() > 0) {
            return Measurement.failed(s.errors() + " interaction(s) failed " + s.errorsByKind(), elapsedMillis);
        }
        if (s.degraded()) {
            return Measurement.failed("the stack was degraded (a node was lost during the run)", elapsedMillis);
        }
        if (spec.objective().interaction() == null) {
            return s.wips() > 0 ? Measurement.ok(List.of(s.wips()), elapsedMillis)
                    : Measurement.failed("no interaction was measured", elapsedMillis);
        }
        String title = spec.objective().interaction().title();
        ShopSummary.Interaction row = s.interactions().stream().filter(i -> i.name().equals(title)).findFirst()
                .orElse(null);
        if (row == null || row.count() == 0) {
            return Measurement.failed("no " + title + " interaction was measured", elapsedMillis);
        }
        return Measurement.ok(List.of(row.p90Millis()), elapsedMillis);
    }

    /** The run of a trial: the spec's load and stack, the tiers' knobs from {@code config} (checked by the catalog). */
    ShopRunConfig runConfig(Configuration config, Path out) {
        return runConfig(config, out, false);
    }

    private ShopRunConfig runConfig(Configuration config, Path out, boolean monitor) {
        Map<String, Object> values = config.values();
        Map<String, Object> proxyValues = only(values, "proxy_");
        proxyValues.putAll(only(values, "squid_"));
        ProxyKnobs proxy = ShopCatalogs.proxyKnobs(proxyValues);
        AppKnobs app = ShopCatalogs.appKnobs(only(values, "app_"));
        ShopTiers tiers = new ShopTiers(spec.proxy(), 0, proxy, null, spec.appNodes());
        return new ShopRunConfig(spec.mix(), spec.browsers(), spec.rampUp(), spec.measure(), spec.rampDown(),
                new ThinkTime(spec.thinkScale()), new ShopScale(spec.items(), spec.browsers(), spec.scaleDown()),
                spec.database(), spec.pgBin(), app, spec.seed(), out, 0, monitor, tiers);
    }

    private static Map<String, Object> only(Map<String, Object> values, String prefix) {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k, v);
            }
        });
        return out;
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** The {@code tunescope shop run} command line that reproduces {@code config} on this target's load and stack. */
    @Override
    public String snippet(Configuration config) {
        StringBuilder b = new StringBuilder("tunescope shop run --mix ").append(spec.mix().name().toLowerCase(
                java.util.Locale.ROOT)).append(" --browsers ").append(spec.browsers()).append(" --think-scale ")
                .append(spec.thinkScale()).append(" --items ").append(spec.items()).append(" --scale-down ")
                .append(spec.scaleDown()).append(" --database ").append(spec.database()).append(" --app-nodes ")
                .append(spec.appNodes()).append(" --proxy ").append(spec.proxy()).append(" --ramp-up ")
                .append(seconds(spec.rampUp())).append(" --duration ").append(seconds(spec.measure()))
                .append(" --ramp-down ").append(seconds(spec.rampDown())).append(" --seed ").append(spec.seed());
        Map<String, Object> database = new LinkedHashMap<>();
        config.values().forEach((k, v) -> {
            if (k.startsWith("proxy_") || k.startsWith("squid_") || k.startsWith("app_")) {
                b.append(" --").append(k.replace('_', '-')).append(' ').append(v);
            } else {
                database.put(k, v);
            }
        });
        if (!database.isEmpty()) {
            // shop run sets no database knob: they are lines of the database tier's own configuration file
            b.append("\n# the database tier's settings (").append(spec.database()).append("):\n")
                    .append(ShopCatalogs.database(spec.database()).snippet(database));
        }
        return b.toString();
    }

    private static String seconds(java.time.Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    @Override
    public TargetDescription describe() {
        return new TargetDescription.Shop(TargetDescription.SHOP, spec.mix().label(), spec.browsers(),
                spec.thinkScale(), spec.items(), spec.scaleDown(), spec.database(), spec.appNodes(), spec.proxy(),
                spec.persistent() ? "persistent" : "fresh", spec.rampUp().toMillis(), spec.measure().toMillis(),
                spec.rampDown().toMillis(), spec.objective().label());
    }

    public ShopTargetSpec spec() {
        return spec;
    }
}
