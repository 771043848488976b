package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.engine.knob.ApplyMethod;
import io.tunescope.engine.knob.Knob;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.engine.knob.KnobSyntax;
import io.tunescope.engine.knob.KnobType;
import io.tunescope.shop.app.AppKnob;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.SquidKnobs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The knobs of the shop's tiers in the knob-catalog form of the engines ({@code tunescope shop knobs}): the proxy's
 * (nginx's or Squid's) and the application nodes'. Each is set by restarting its tier, or for Squid's by a
 * reconfigure where Squid allows it, and the database tier's: its engine's catalog ({@link #database}), less the
 * connections the stack sizes itself. Names are the {@code shop run} options with underscores; a setting
 * becomes {@link ProxyKnobs} or {@link AppKnobs} through {@link #proxyKnobs} and {@link #appKnobs}.
 */
public final class ShopCatalogs {
    public static final List<String> TIERS = List.of("proxy", "app", "db", "all");

    /**
     * Knobs of an engine's catalog that the stack sets itself: its connections follow the nodes' pools (room for
     * every node's pool), and {@code users} is tunescope's driver, not the database.
     */
    private static final java.util.Set<String> STACK_OWNED = java.util.Set.of("max_connections", "users");

    private ShopCatalogs() {
    }

    private static Knob integer(String name, long min, long max, String unit, long def, String text) {
        return new Knob(name, KnobType.INT, (double) min, (double) max, unit, def, List.of(), List.of(),
                ApplyMethod.RESTART, text);
    }

    private static Knob size(String name, long min, long max, String unit, long def, String text) {
        return size(name, min, max, unit, def, ApplyMethod.RESTART, text);
    }

    private static Knob size(String name, long min, long max, String unit, long def, ApplyMethod apply,
                             String text) {
        return new Knob(name, KnobType.SIZE, (double) min, (double) max, unit, def, List.of(), List.of(), apply,
                text);
    }

    private static Knob percent(String name, long def, String text) {
        return new Knob(name, KnobType.INT, 1.0, 100.0, "%", def, List.of(), List.of(), ApplyMethod.RELOAD, text);
    }

    /**
     * Squid's knobs (the ones the Active Harmony paper tuned that Squid still has); Squid takes each on a
     * reconfigure except the disk cache's size, which needs a restart.
     */
    public static KnobCatalog squid() {
        SquidKnobs d = SquidKnobs.DEFAULTS;
        ApplyMethod reload = ApplyMethod.RELOAD;
        return new KnobCatalog("shop-squid", KnobSyntax.CLIENT, List.of(
                size("squid_cache_mem", 0, 65_536, "MB", d.cacheMemMiB(), reload, "Squid's memory cache, "
                        + "cache_mem; 0: nothing cached"),
                size("squid_max_object_in_memory", 1, 1_048_576, "kB", d.maxObjectInMemoryKiB(), reload,
                        "the largest object kept in memory, maximum_object_size_in_memory"),
                size("squid_maximum_object", 1, 4_194_304, "kB", d.maximumObjectKiB(), reload, "the largest object "
                        + "cached, maximum_object_size"),
                size("squid_minimum_object", 0, 1_048_576, "kB", d.minimumObjectKiB(), reload, "the smallest object "
                        + "cached, minimum_object_size"),
                size("squid_disk_cache", 0, 1_048_576, "MB", d.diskCacheMiB(), ApplyMethod.RESTART, "the disk "
                        + "cache, cache_dir (proxy tier restart); 0: memory only"),
                percent("squid_swap_low", d.swapLowPercent(), "the disk cache's low water mark, cache_swap_low"),
                percent("squid_swap_high", d.swapHighPercent(), "the disk cache's high water mark, "
                        + "cache_swap_high")));
    }

    /** The caching proxy's knobs (nginx); a change restarts the proxy. */
    public static KnobCatalog proxy() {
        ProxyKnobs d = ProxyKnobs.DEFAULTS;
        return new KnobCatalog("shop-proxy", KnobSyntax.CLIENT, List.of(
                size("proxy_cache_size", 0, 65_536, "MB", d.cacheMiB(), "the proxy's cache on disk (proxy tier "
                        + "restart); 0: none"),
                size("proxy_max_object", 1, 1_048_576, "kB", d.maxObjectKiB(), "the largest answer cached (proxy "
                        + "tier restart)"),
                integer("proxy_workers", 1, 64, null, d.workerProcesses(), "nginx worker processes (proxy tier "
                        + "restart)"),
                integer("proxy_worker_connections", 16, 65_536, null, d.workerConnections(), "connections per "
                        + "worker (proxy tier restart)"),
                integer("proxy_fail_timeout", 1, 3_600, "s", d.failTimeoutSeconds(), "how long a failed node is "
                        + "left out (proxy tier restart)")));
    }

    /** The application nodes' knobs, from their catalog {@link AppKnob}; a change restarts every node. */
    public static KnobCatalog app() {
        return new KnobCatalog("shop-app", KnobSyntax.CLIENT, java.util.Arrays.stream(AppKnob.values())
                .map(k -> integer(k.knobName(), k.min(), k.max(), k.unit(), k.defaultValue(),
                        k.text() + " (app tier restart)")).toList());
    }

    /**
     * The database tier's knobs: its engine's catalog without the knobs the stack sets itself, for a tier that is a
     * private server (PostgreSQL, MariaDB); none for a tier in a JVM of its own, which takes no settings (H2: in
     * memory, nothing worth tuning on the stack's scale).
     */
    public static KnobCatalog database(String database) {
        io.tunescope.engine.Engine tier = ShopDatabases.engine(database);
        KnobCatalog engine = tier.serviceTier().equals(java.util.Optional.of(io.tunescope.engine.Lifecycle
                .PRIVATE_SERVER)) ? tier.knobs() : KnobCatalog.empty(tier.id());
        return new KnobCatalog(engine.engine(), engine.syntax(), engine.knobs().stream()
                .filter(k -> !STACK_OWNED.contains(k.name())).toList());
    }

    /** The database tier's settings from {@code settings} (checked against its catalog), the engine's own for the rest. */
    public static Map<String, Object> databaseSettings(String database, Map<String, ?> settings) {
        return database(database).validate(settings);
    }

    /** The catalog of {@code tier}: proxy, app, db or all, with nginx as the proxy and PostgreSQL as the database. */
    public static KnobCatalog of(String tier) {
        return of(tier, ShopTiers.NGINX);
    }

    /** The catalog of {@code tier} of a stack whose proxy is {@code proxy}, over PostgreSQL. */
    public static KnobCatalog of(String tier, String proxy) {
        return of(tier, proxy, "postgres");
    }

    /**
     * The catalog of {@code tier} (proxy, app, db, or all: every tier, proxy first) of a stack whose proxy is
     * {@code proxy} (Squid's knobs for {@code squid}, nginx's otherwise) over {@code database}.
     */
    public static KnobCatalog of(String tier, String proxy, String database) {
        KnobCatalog front = ShopTiers.SQUID.equals(proxy) ? squid() : proxy();
        return switch (tier) {
            case "proxy" -> front;
            case "app" -> app();
            case "db" -> database(database);
            case "all" -> {
                List<Knob> knobs = new ArrayList<>(front.knobs());
                knobs.addAll(app().knobs());
                knobs.addAll(database(database).knobs());
                yield new KnobCatalog("shop", KnobSyntax.CLIENT, knobs);
            }
            default -> throw BadInputException.of("tier", tier, "must be one of " + String.join(", ", TIERS));
        };
    }

    /**
     * The proxy's knobs from {@code settings} (checked against the catalogs), the defaults for those not set; {@code
     * squid_*} settings become Squid's own knobs ({@link ProxyKnobs#squid()}), the rest nginx's.
     */
    public static ProxyKnobs proxyKnobs(Map<String, ?> settings) {
        Map<String, Object> nginx = new java.util.LinkedHashMap<>(settings);
        Map<String, Object> squid = new java.util.LinkedHashMap<>();
        settings.forEach((k, value) -> {
            if (k.startsWith("squid_")) {
                squid.put(k, value);
                nginx.remove(k);
            }
        });
        Map<String, Object> v = withDefaults(proxy(), nginx);
        ProxyKnobs knobs = new ProxyKnobs(i(v, "proxy_cache_size"), i(v, "proxy_max_object"), i(v, "proxy_workers"),
                i(v, "proxy_worker_connections"), i(v, "proxy_fail_timeout"));
        return squid.isEmpty() ? knobs : knobs.withSquid(squidKnobs(squid));
    }

    /** Squid's knobs from {@code settings} (checked against its catalog and by Squid's own rules). */
    public static SquidKnobs squidKnobs(Map<String, ?> settings) {
        Map<String, Object> v = withDefaults(squid(), settings);
        return new SquidKnobs(i(v, "squid_cache_mem"), i(v, "squid_max_object_in_memory"),
                i(v, "squid_maximum_object"), i(v, "squid_minimum_object"), i(v, "squid_disk_cache"),
                i(v, "squid_swap_low"), i(v, "squid_swap_high"));
    }

    /** The application nodes' knobs from {@code settings} (checked against the catalog), the defaults otherwise. */
    public static AppKnobs appKnobs(Map<String, ?> settings) {
        Map<String, Number> v = new java.util.LinkedHashMap<>();
        withDefaults(app(), settings).forEach((name, value) -> v.put(name, (Number) value));
        return AppKnobs.of(v);
    }

    private static Map<String, Object> withDefaults(KnobCatalog catalog, Map<String, ?> settings) {
        Map<String, Object> all = new java.util.LinkedHashMap<>();
        catalog.knobs().forEach(k -> all.put(k.name(), k.defaultValue()));
        all.putAll(catalog.validate(settings));
        return all;
    }

    private static int i(Map<String, Object> values, String name) {
        return ((Number) values.get(name)).intValue();
    }
}
