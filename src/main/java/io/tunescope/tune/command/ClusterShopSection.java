package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.config.DurationText;
import io.tunescope.config.LocatedYaml;
import io.tunescope.shop.Mix;
import io.tunescope.shop.MixChange;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ReconfigurationRule;
import io.tunescope.tune.shop.ShopTargetSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The shop's parts of a {@code cluster:} section: {@code shop:} (the load, store and stack of a shop target, with its
 * keys; the nodes come from {@code cluster.layout}: a proxy per work line, the application nodes shared evenly over
 * the lines) and {@code reconfiguration:} (an online {@code shop reconfigure} run after the modes).
 */
final class ClusterShopSection {
    /** A measurement's time limit beyond its ramp-up, measurement and ramp-down: starting and stopping the nodes. */
    private static final Duration START_STOP_ALLOWANCE = Duration.ofSeconds(120);
    private static final Set<String> RECONFIGURATION_KEYS = Set.of("appNodes", "browseNodes", "browseCacheEntries",
            "mix", "mixChange", "browsers", "rampUp", "duration", "thinkScale", "window", "settle", "hysteresis");

    private final LocatedYaml yaml;
    private final Path base;

    ClusterShopSection(LocatedYaml yaml, Path base) {
        this.yaml = yaml;
        this.base = base;
    }

    /** {@code cluster.shop} as a shop target for the layout's nodes. */
    ShopTargetSpec shop(Map<String, Object> raw, ClusterLayout layout) {
        for (String key : Set.of("engine", "appNodes", "proxy", "revalidate", "objective")) {
            if (raw.containsKey(key)) {
                throw yaml.error("cluster.shop." + key, raw.get(key), "is not set here: the nodes come from "
                        + "cluster.layout and the objective of a cluster is its WIPS");
            }
        }
        int lines = layout.lines().size();
        Set<String> tiers = new TreeSet<>(layout.tiers());
        if (!Set.of("app", "proxy").containsAll(tiers) || !tiers.contains("app")) {
            throw yaml.error("cluster.layout.nodesPerTier", tiers, "must be app and, optionally, proxy on the shop's "
                    + "stack");
        }
        int apps = layout.inTier("app").size();
        int proxies = layout.inTier("proxy").size();
        if (apps % lines != 0) {
            throw yaml.error("cluster.layout.nodesPerTier.app", apps, "must be a multiple of the lines (" + lines
                    + ") on the shop's stack: every line has as many application nodes");
        }
        if (proxies != 0 && proxies != lines || proxies == 0 && apps > 1) {
            throw yaml.error("cluster.layout.nodesPerTier.proxy", proxies, "must be one per line (" + lines
                    + ") on the shop's stack" + (proxies == 0 ? ": the proxy balances a line's nodes" : ""));
        }
        Map<String, Object> t = new LinkedHashMap<>(raw);
        t.put("engine", ShopTargetSection.ENGINE);
        t.put("appNodes", apps / lines);
        t.put("proxy", proxies == 0 ? "none" : "nginx");
        ShopTargetSpec probe = new ShopTargetSection(yaml, "cluster.shop").spec(t, base, Duration.ZERO);
        Duration limit = probe.rampUp().plus(probe.measure()).plus(probe.rampDown()).plus(START_STOP_ALLOWANCE);
        return new ShopTargetSection(yaml, "cluster.shop").spec(t, base, limit);
    }

    /** {@code cluster.reconfiguration}: the online run's settings, defaults taken from the shop target. */
    ClusterFile.Reconfiguration reconfiguration(Map<String, Object> r, ShopTargetSpec shop) {
        for (String k : r.keySet()) {
            if (!RECONFIGURATION_KEYS.contains(k)) {
                throw yaml.error("cluster.reconfiguration." + k, k, "is not a known key; expected one of "
                        + new TreeSet<>(RECONFIGURATION_KEYS));
            }
        }
        int appNodes = whole(r, "appNodes", 3, 2);
        int browseNodes = whole(r, "browseNodes", Math.max(1, appNodes / 2), 1);
        if (browseNodes >= appNodes) {
            throw yaml.error("cluster.reconfiguration.browseNodes", browseNodes, "must be from 1 to appNodes - 1 ("
                    + (appNodes - 1) + "): each tier starts with a node");
        }
        int cacheEntries = whole(r, "browseCacheEntries", -1, -1);
        Mix mix = at("mix", () -> Mix.parse(text(r, "mix", "browsing")));
        MixChange change = r.containsKey("mixChange") ? at("mixChange", () -> MixChange.parse(text(r, "mixChange",
                null))) : null;
        int browsers = whole(r, "browsers", shop.browsers(), 1);
        double think = number(r, "thinkScale", shop.thinkScale());
        ClusterFile.Reconfiguration out = new ClusterFile.Reconfiguration(appNodes, browseNodes, cacheEntries, mix,
                change, browsers, duration(r, "rampUp", shop.rampUp()), duration(r, "duration", Duration.ofSeconds(60)),
                think, duration(r, "window", Duration.ofSeconds(5)), duration(r, "settle", Duration.ofSeconds(2)),
                number(r, "hysteresis", ReconfigurationRule.DEFAULT_HYSTERESIS));
        // every rule of shop reconfigure, checked before the first trial
        at("", () -> out.config(shop, base.resolve("reconfiguration-check")));
        return out;
    }

    private Duration duration(Map<String, Object> r, String key, Duration fallback) {
        return r.containsKey(key) ? at(key, () -> DurationText.parseNonNegative(key, text(r, key, null))) : fallback;
    }

    private int whole(Map<String, Object> r, String key, int fallback, int min) {
        Object v = r.getOrDefault(key, fallback);
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.longValue() >= min
                && n.longValue() <= Integer.MAX_VALUE) {
            return n.intValue();
        }
        throw yaml.error("cluster.reconfiguration." + key, v, "must be a whole number of at least " + min);
    }

    private double number(Map<String, Object> r, String key, double fallback) {
        Object v = r.getOrDefault(key, fallback);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw yaml.error("cluster.reconfiguration." + key, v, "must be a number");
    }

    private String text(Map<String, Object> r, String key, String fallback) {
        return TargetSection.text(yaml, "cluster.reconfiguration", r, key, fallback);
    }

    private <T> T at(String key, java.util.function.Supplier<T> body) {
        String path = key.isEmpty() ? "cluster.reconfiguration" : "cluster.reconfiguration." + key;
        try {
            return body.get();
        } catch (BadInputException e) {
            throw yaml.at(path, e);
        }
    }
}
