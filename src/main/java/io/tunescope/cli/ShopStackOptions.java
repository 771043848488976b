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
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

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

    /**
     * Squid's knobs given, by catalog name; their options come from its catalog. None given: Squid's follow from
     * nginx's ({@link SquidKnobs#of}); some given: the others still do.
     */
    final Map<String, Integer> squidGiven = new HashMap<>();

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

    AppKnobs appKnobs() {
        return new AppKnobs(app);
    }

    /**
     * Adds an option per application-node knob ({@link AppKnob}: name, default, range, text) and per knob of the
     * proxy's catalogs ({@link ShopCatalogs#proxy()}, {@link ShopCatalogs#squid()}) to every command of {@code line}
     * that mixes these options in, so that a knob is declared once, in its catalog.
     */
    static void addKnobOptions(CommandLine line) {
        CommandSpec spec = line.getCommandSpec();
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.userObject() instanceof ShopStackOptions stack) {
                for (AppKnob k : AppKnob.values()) {
                    spec.addOption(option(k.option(), k.knobName(), Integer.toString(k.defaultValue()),
                            "each application node's knob " + k.knobName() + ": " + k.text() + "; from " + k.min()
                                    + " to " + k.max() + (k.unit() == null ? "" : " " + k.unit()),
                            "${DEFAULT-VALUE}", () -> stack.app.remove(k), v -> stack.app.put(k, v), () -> stack.app.get(k)));
                }
                for (Knob k : ShopCatalogs.proxy().knobs()) {
                    spec.addOption(option(k, "the proxy's", k.defaultValue().toString(), "${DEFAULT-VALUE}",
                            stack.proxyKnobs));
                }
                for (Knob k : ShopCatalogs.squid().knobs()) {
                    // not given: the value follows nginx's (SquidKnobs.of), so these options have no default of their own
                    String follows = SquidKnobs.FOLLOWS.get(k.name());
                    spec.addOption(option(k, "Squid's", null, follows != null ? "--" + follows.replace('_', '-')
                            : k.defaultValue().toString(), stack.squidGiven));
                }
            }
        }
        line.getSubcommands().values().forEach(ShopStackOptions::addKnobOptions);
    }

    /** The option of a catalog's knob, its name with dashes, kept in {@code values} under the knob's name. */
    private static OptionSpec option(Knob k, String whose, String defaultValue, String defaultText,
                                     Map<String, Integer> values) {
        return option("--" + k.name().replace('_', '-'), k.name(), defaultValue, whose + " knob " + k.name() + ": "
                + k.description() + "; " + k.rule(), defaultText, () -> values.remove(k.name()), v -> values.put(k.name(), v),
                () -> values.get(k.name()));
    }

    /**
     * An int option {@code name} for the knob {@code knobName}: {@code set} keeps what is given, {@code clear} forgets
     * it (an option without a default, when not given), {@code get} reads it back.
     */
    private static OptionSpec option(String name, String knobName, String defaultValue, String description,
                                     String defaultText, Runnable clear, Consumer<Integer> set,
                                     Supplier<Integer> get) {
        // <cacheTtlMs> for app_cache_ttl_ms: the label picocli would give a field of that name
        StringBuilder label = new StringBuilder("<");
        String[] words = knobName.substring(knobName.indexOf('_') + 1).split("_");
        for (int w = 0; w < words.length; w++) {
            label.append(w == 0 ? words[w] : Character.toUpperCase(words[w].charAt(0)) + words[w].substring(1));
        }
        label.append('>');
        return OptionSpec.builder(name).type(defaultValue == null ? Integer.class : int.class)
                .paramLabel(label.toString()).defaultValue(defaultValue)
                .description(description + " (default: " + defaultText + ")")
                .setter(new CommandLine.Model.ISetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T set(T value) {
                        T old = (T) get.get();
                        if (value == null) {
                            clear.run();
                        } else {
                            set.accept((Integer) value);
                        }
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
        if (squidGiven.isEmpty()) {
            return knobs;
        }
        SquidKnobs d = SquidKnobs.of(knobs);
        return knobs.withSquid(new SquidKnobs(or("squid_cache_mem", d.cacheMemMiB()),
                or("squid_max_object_in_memory", d.maxObjectInMemoryKiB()),
                or("squid_maximum_object", d.maximumObjectKiB()), or("squid_minimum_object", d.minimumObjectKiB()),
                or("squid_disk_cache", d.diskCacheMiB()), or("squid_swap_low", d.swapLowPercent()),
                or("squid_swap_high", d.swapHighPercent())));
    }

    private int or(String knob, int fallback) {
        return squidGiven.getOrDefault(knob, fallback);
    }
}
