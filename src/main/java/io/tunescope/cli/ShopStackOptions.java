package io.tunescope.cli;

import io.tunescope.engine.knob.Knob;
import io.tunescope.shop.app.AppKnob;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.SquidKnobs;
import io.tunescope.shop.stack.ShopCatalogs;
import io.tunescope.shop.stack.ShopTiers;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The options that shape the shop's stack (store size, database, application nodes, proxy), shared by run, start and
 * capacity; each takes its browsers (which also size the store) itself.
 */
public final class ShopStackOptions {
    @Option(names = "--items", defaultValue = "10000", description = "items in the store: 1000, 10000, 100000 or "
            + "1000000 (default: ${DEFAULT-VALUE})")
    int items;

    @Option(names = "--scale-down", defaultValue = "10", description = "divides the customer-driven tables "
            + "(customers = 2880 x browsers / N, addresses, orders) for short runs; 1 is TPC-W's size "
            + "(default: ${DEFAULT-VALUE}, see docs/shop.md)")
    int scaleDown;

    @picocli.CommandLine.Mixin
    ShopDatabaseOption database;

    @picocli.CommandLine.Mixin
    PgBinOption pgBin;

    /** The application nodes' knobs; their options come from the catalog ({@link #addKnobOptions}). */
    final Map<AppKnob, Integer> app = new EnumMap<>(AppKnob.class);

    /** The proxy's (nginx's) knobs by catalog name; their options come from its catalog ({@link #addKnobOptions}). */
    final Map<String, Integer> proxyKnobs = new HashMap<>();

    @Option(names = "--app-nodes", defaultValue = "1", description = "application nodes per work line, each its own "
            + "JVM (default: ${DEFAULT-VALUE})")
    int appNodes;

    @Option(names = "--lines", defaultValue = "1", description = "work lines: each its own proxy and application "
            + "nodes over the one database, serving its own share of the browsers (default: ${DEFAULT-VALUE}, see "
            + "docs/shop.md)")
    int lines;

    @Option(names = "--proxy", defaultValue = "auto", description = "the caching reverse proxy in front of the "
            + "nodes: nginx, squid or none; auto: nginx, so proxy, application and database tiers (default: "
            + "${DEFAULT-VALUE})")
    String proxy;

    @Option(names = "--proxy-port", defaultValue = "0", description = "the proxy's port on 127.0.0.1; 0: a free one "
            + "(default: ${DEFAULT-VALUE})")
    int proxyPort;

    @Option(names = "--proxy-bin", paramLabel = "FILE", description = "the proxy's executable (default: /usr/sbin/nginx or /usr/sbin/squid)")
    Path proxyBin;

    @Option(names = "--squid-cache-mem", paramLabel = "MiB", description = "Squid's memory cache (cache_mem; "
            + "default: --proxy-cache-size)")
    Integer squidCacheMem;

    @Option(names = "--squid-max-object-in-memory", paramLabel = "KiB", description = "the largest object Squid "
            + "keeps in memory (default: --proxy-max-object)")
    Integer squidMaxObjectInMemory;

    @Option(names = "--squid-maximum-object", paramLabel = "KiB", description = "the largest object Squid caches "
            + "(default: --proxy-max-object)")
    Integer squidMaximumObject;

    @Option(names = "--squid-minimum-object", paramLabel = "KiB", description = "the smallest object Squid caches "
            + "(default: 0)")
    Integer squidMinimumObject;

    @Option(names = "--squid-disk-cache", paramLabel = "MiB", description = "Squid's disk cache; 0: memory only "
            + "(default: 0)")
    Integer squidDiskCache;

    @Option(names = "--squid-swap-low", paramLabel = "PERCENT", description = "the disk cache's low water mark "
            + "(default: 90)")
    Integer squidSwapLow;

    @Option(names = "--squid-swap-high", paramLabel = "PERCENT", description = "the disk cache's high water mark "
            + "(default: 95)")
    Integer squidSwapHigh;

    AppKnobs appKnobs() {
        return new AppKnobs(app);
    }

    /**
     * Adds an option per application-node knob ({@link AppKnob}: name, default, range, text) and per knob of the
     * proxy's catalog ({@link ShopCatalogs#proxy()}) to every command of {@code line} that mixes these options in, so
     * that a knob is declared once, in its catalog.
     */
    static void addKnobOptions(CommandLine line) {
        CommandSpec spec = line.getCommandSpec();
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.userObject() instanceof ShopStackOptions stack) {
                for (AppKnob k : AppKnob.values()) {
                    spec.addOption(option(k.option(), k.knobName(), k.defaultValue(), "each application node's knob "
                            + k.knobName() + ": " + k.text() + "; from " + k.min() + " to " + k.max()
                            + (k.unit() == null ? "" : " " + k.unit()), () -> stack.app.get(k), v -> stack.app.put(k, v)));
                }
                for (Knob k : ShopCatalogs.proxy().knobs()) {
                    spec.addOption(option("--" + k.name().replace('_', '-'), k.name(),
                            ((Number) k.defaultValue()).intValue(), "the proxy's knob " + k.name() + ": "
                                    + k.description() + "; " + k.rule(), () -> stack.proxyKnobs.get(k.name()),
                            v -> stack.proxyKnobs.put(k.name(), v)));
                }
            }
        }
        line.getSubcommands().values().forEach(ShopStackOptions::addKnobOptions);
    }

    /** An int option {@code name} for the knob {@code knobName}, kept by {@code set}, read back by {@code get}. */
    private static OptionSpec option(String name, String knobName, int defaultValue, String description,
                                     java.util.function.Supplier<Integer> get, Consumer<Integer> set) {
        // <cacheTtlMs> for app_cache_ttl_ms: the label picocli would give a field of that name
        StringBuilder label = new StringBuilder("<");
        String[] words = knobName.substring(knobName.indexOf('_') + 1).split("_");
        for (int w = 0; w < words.length; w++) {
            label.append(w == 0 ? words[w] : Character.toUpperCase(words[w].charAt(0)) + words[w].substring(1));
        }
        label.append('>');
        return OptionSpec.builder(name).type(int.class).paramLabel(label.toString())
                .defaultValue(Integer.toString(defaultValue))
                .description(description + " (default: ${DEFAULT-VALUE})")
                .setter(new CommandLine.Model.ISetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T set(T value) {
                        T old = (T) get.get();
                        set.accept((Integer) value);
                        return old;
                    }
                })
                .getter(new CommandLine.Model.IGetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T get() {
                        return (T) get.get();
                    }
                }).build();
    }

    ShopTiers tiers() {
        ProxyKnobs d = ProxyKnobs.DEFAULTS;
        ProxyKnobs knobs = new ProxyKnobs(proxyKnobs.getOrDefault("proxy_cache_size", d.cacheMiB()),
                proxyKnobs.getOrDefault("proxy_max_object", d.maxObjectKiB()),
                proxyKnobs.getOrDefault("proxy_workers", d.workerProcesses()),
                proxyKnobs.getOrDefault("proxy_worker_connections", d.workerConnections()),
                proxyKnobs.getOrDefault("proxy_fail_timeout", d.failTimeoutSeconds()));
        return new ShopTiers(proxy, proxyPort, squidKnobs(knobs), proxyBin, appNodes, lines);
    }

    /** {@code knobs} with Squid's own when any {@code --squid-*} option is given (the others from {@code knobs}). */
    private ProxyKnobs squidKnobs(ProxyKnobs knobs) {
        List<Integer> given = java.util.Arrays.asList(squidCacheMem, squidMaxObjectInMemory, squidMaximumObject,
                squidMinimumObject, squidDiskCache, squidSwapLow, squidSwapHigh);
        if (given.stream().allMatch(java.util.Objects::isNull)) {
            return knobs;
        }
        SquidKnobs d = SquidKnobs.of(knobs);
        return knobs.withSquid(new SquidKnobs(or(squidCacheMem, d.cacheMemMiB()),
                or(squidMaxObjectInMemory, d.maxObjectInMemoryKiB()), or(squidMaximumObject, d.maximumObjectKiB()),
                or(squidMinimumObject, d.minimumObjectKiB()), or(squidDiskCache, d.diskCacheMiB()),
                or(squidSwapLow, d.swapLowPercent()), or(squidSwapHigh, d.swapHighPercent())));
    }

    private static int or(Integer value, int fallback) {
        return value != null ? value : fallback;
    }
}
