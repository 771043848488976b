package io.tunescope.cli;

import io.tunescope.shop.app.AppKnob;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.SquidKnobs;
import io.tunescope.shop.stack.ShopTiers;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

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

    /** The application nodes' knobs given; their options come from the catalog ({@link #addAppKnobOptions}). */
    final Map<AppKnob, Integer> app = new EnumMap<>(AppKnob.class);

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

    @Option(names = "--proxy-cache-size", defaultValue = "64", paramLabel = "MiB", description = "the proxy's cache "
            + "on disk; 0: no cache (default: ${DEFAULT-VALUE})")
    int proxyCacheMiB;

    @Option(names = "--proxy-max-object", defaultValue = "64", paramLabel = "KiB", description = "the largest "
            + "answer the proxy caches (default: ${DEFAULT-VALUE})")
    int proxyMaxObjectKiB;

    @Option(names = "--proxy-workers", defaultValue = "1", description = "nginx worker processes "
            + "(default: ${DEFAULT-VALUE})")
    int proxyWorkers;

    @Option(names = "--proxy-worker-connections", defaultValue = "1024", description = "connections per nginx "
            + "worker (default: ${DEFAULT-VALUE})")
    int proxyWorkerConnections;

    @Option(names = "--proxy-fail-timeout", defaultValue = "10", paramLabel = "SECONDS", description = "how long "
            + "the proxy leaves out a node that failed a connection (default: ${DEFAULT-VALUE})")
    int proxyFailTimeoutSeconds;

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
     * Adds an option per application-node knob ({@link AppKnob}: name, default, range, text) to every command of
     * {@code line} that mixes these options in, so that a knob is declared once, in its catalog.
     */
    static void addAppKnobOptions(CommandLine line) {
        CommandSpec spec = line.getCommandSpec();
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.userObject() instanceof ShopStackOptions stack) {
                for (AppKnob k : AppKnob.values()) {
                    spec.addOption(stack.option(k));
                }
            }
        }
        line.getSubcommands().values().forEach(ShopStackOptions::addAppKnobOptions);
    }

    private OptionSpec option(AppKnob knob) {
        // <cacheTtlMs> for app_cache_ttl_ms: the label picocli would give a field of that name
        StringBuilder label = new StringBuilder("<");
        String[] words = knob.knobName().substring("app_".length()).split("_");
        for (int w = 0; w < words.length; w++) {
            label.append(w == 0 ? words[w] : Character.toUpperCase(words[w].charAt(0)) + words[w].substring(1));
        }
        label.append('>');
        return OptionSpec.builder(knob.option()).type(int.class).paramLabel(label.toString())
                .defaultValue(Integer.toString(knob.defaultValue()))
                .description("each application node's knob " + knob.knobName() + ": " + knob.text() + "; from "
                        + knob.min() + " to " + knob.max() + (knob.unit() == null ? "" : " " + knob.unit())
                        + " (default: ${DEFAULT-VALUE})")
                .setter(new CommandLine.Model.ISetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T set(T value) {
                        return (T) app.put(knob, (Integer) value);
                    }
                })
                .getter(new CommandLine.Model.IGetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T get() {
                        return (T) app.get(knob);
                    }
                }).build();
    }

    ShopTiers tiers() {
        ProxyKnobs knobs = new ProxyKnobs(proxyCacheMiB, proxyMaxObjectKiB, proxyWorkers, proxyWorkerConnections,
                proxyFailTimeoutSeconds);
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
