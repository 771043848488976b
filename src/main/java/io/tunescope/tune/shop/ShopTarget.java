package io.tunescope.tune.shop;

import io.tunescope.Progress;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.stack.ShopCatalogs;
import io.tunescope.shop.stack.ShopRun;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.shop.stack.ShopTiers;
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
 * The web shop as a tuning target: the knobs are those of its tiers ({@link ShopCatalogs}: {@code proxy_*} and
 * {@code app_*}), all applied by restarting their tier. One measurement is one {@code shop run} on a fresh stack that
 * starts with the trial's settings: database populated from the seed, application nodes, proxy, then the emulated
 * browsers (ramp-up as warm-up, the measurement interval, ramp-down as cool-down), then every process stopped. A
 * fresh stack per trial is the simplest correct restart of every tier; its cost is populating the store each time
 * (seconds on H2 at 1000 items). A run with errors or a degraded stack (a node lost) fails its trial with that
 * reason, as does a configuration the tiers refuse (e.g. {@code app_min_threads} above {@code app_max_threads}) and
 * a run past the time limit (interrupted: the run then stops its processes). The default configuration is the
 * catalog's defaults, which are {@code shop run}'s own.
 */
public final class ShopTarget implements TuningTarget {
    private final ShopTargetSpec spec;

    public ShopTarget(ShopTargetSpec spec) {
        this.spec = spec;
    }

    @Override
    public Measurement measure(Configuration config, boolean isDefault, Path log) throws InterruptedException {
        long start = System.nanoTime();
        ShopRunConfig run;
        try {
            // absolute: PostgreSQL's lock file and socket go under the run directory, and pg_ctl runs elsewhere
            run = runConfig(config, DatabaseTarget.runDirectory(log).toAbsolutePath());
        } catch (RuntimeException e) {
            return Measurement.failed("cannot apply: " + e.getMessage(), millisSince(start));
        }
        TimeLimitedRun<ShopSummary> r = TimeLimitedRun.run("tune-shop-run", spec.timeout(),
                () -> ShopRun.run(run, Progress.NONE));
        return r.ok() ? score(r.value(), millisSince(start)) : Measurement.failed(r.failure(), millisSince(start));
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
        Map<String, Object> values = config.values();
        Map<String, Object> proxyValues = only(values, "proxy_");
        proxyValues.putAll(only(values, "squid_"));
        ProxyKnobs proxy = ShopCatalogs.proxyKnobs(proxyValues);
        AppKnobs app = ShopCatalogs.appKnobs(only(values, "app_"));
        ShopTiers tiers = new ShopTiers(spec.proxy(), 0, proxy, null, spec.appNodes());
        return new ShopRunConfig(spec.mix(), spec.browsers(), spec.rampUp(), spec.measure(), spec.rampDown(),
                new ThinkTime(spec.thinkScale()), new ShopScale(spec.items(), spec.browsers(), spec.scaleDown()),
                spec.database(), spec.pgBin(), app, spec.seed(), out, 0, false, tiers);
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
        config.values().forEach((k, v) -> b.append(" --").append(k.replace('_', '-')).append(' ').append(v));
        return b.toString();
    }

    private static String seconds(java.time.Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "shop");
        m.put("mix", spec.mix().label());
        m.put("browsers", spec.browsers());
        m.put("thinkScale", spec.thinkScale());
        m.put("items", spec.items());
        m.put("scaleDown", spec.scaleDown());
        m.put("database", spec.database());
        m.put("appNodes", spec.appNodes());
        m.put("proxy", spec.proxy());
        m.put("rampUpMillis", spec.rampUp().toMillis());
        m.put("measureMillis", spec.measure().toMillis());
        m.put("rampDownMillis", spec.rampDown().toMillis());
        m.put("objective", spec.objective().label());
        m.put("timeoutMillis", spec.timeout().toMillis());
        return m;
    }

    public ShopTargetSpec spec() {
        return spec;
    }
}
