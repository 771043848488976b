package io.tunescope.tune.command;

import io.tunescope.config.YamlSection;
import io.tunescope.shop.Mix;
import io.tunescope.shop.MixChange;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.reconfigure.ReconfigurationRule;
import io.tunescope.tune.shop.ShopTargetSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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

    private final Path base;

    ClusterShopSection(Path base) {
        this.base = base;
    }

    /** {@code cluster.shop} as a shop target for the layout's nodes. */
    ShopTargetSpec shop(YamlSection raw, ClusterLayout layout) {
        for (String key : List.of("engine", "appNodes", "proxy", "revalidate", "objective")) {
            raw.refuse(key, "is not set here: the nodes come from cluster.layout and the objective of a cluster is "
                    + "its WIPS");
        }
        int lines = layout.lines().size();
        Set<String> tiers = new TreeSet<>(layout.tiers());
        if (!Set.of("app", "proxy").containsAll(tiers) || !tiers.contains("app")) {
            throw raw.yaml().error("cluster.layout.nodesPerTier", tiers, "must be app and, optionally, proxy on the "
                    + "shop's stack");
        }
        int apps = layout.inTier("app").size();
        int proxies = layout.inTier("proxy").size();
        if (apps % lines != 0) {
            throw raw.yaml().error("cluster.layout.nodesPerTier.app", apps, "must be a multiple of the lines (" + lines
                    + ") on the shop's stack: every line has as many application nodes");
        }
        if (proxies != 0 && proxies != lines || proxies == 0 && apps > 1) {
            throw raw.yaml().error("cluster.layout.nodesPerTier.proxy", proxies, "must be one per line (" + lines
                    + ") on the shop's stack" + (proxies == 0 ? ": the proxy balances a line's nodes" : ""));
        }
        String proxy = proxies == 0 ? "none" : "nginx";
        ShopTargetSpec probe = new ShopTargetSection().spec(raw, base, Duration.ZERO, apps / lines, proxy);
        Duration limit = probe.rampUp().plus(probe.measure()).plus(probe.rampDown()).plus(START_STOP_ALLOWANCE);
        return new ShopTargetSection().spec(raw, base, limit, apps / lines, proxy);
    }

    /** {@code cluster.reconfiguration}: the online run's settings, defaults taken from the shop target. */
    ClusterFile.Reconfiguration reconfiguration(YamlSection r, ShopTargetSpec shop) {
        int appNodes = r.integer("appNodes", 3, 2, Integer.MAX_VALUE);
        int browseNodes = r.integer("browseNodes", Math.max(1, appNodes / 2), 1, Integer.MAX_VALUE);
        if (browseNodes >= appNodes) {
            throw r.error("browseNodes", browseNodes, "must be from 1 to appNodes - 1 (" + (appNodes - 1)
                    + "): each tier starts with a node");
        }
        int cacheEntries = r.integer("browseCacheEntries", -1, -1, Integer.MAX_VALUE);
        Mix mix = r.parsed("mix", "browsing", Mix::parse);
        MixChange change = r.has("mixChange") ? r.parsed("mixChange", null, MixChange::parse) : null;
        ClusterFile.Reconfiguration out = new ClusterFile.Reconfiguration(appNodes, browseNodes, cacheEntries, mix,
                change, r.integer("browsers", shop.browsers(), 1, Integer.MAX_VALUE),
                r.durationOrZero("rampUp", shop.rampUp()), r.durationOrZero("duration", Duration.ofSeconds(60)),
                r.number("thinkScale", shop.thinkScale()), r.durationOrZero("window", Duration.ofSeconds(5)),
                r.durationOrZero("settle", Duration.ofSeconds(2)),
                r.number("hysteresis", ReconfigurationRule.DEFAULT_HYSTERESIS));
        r.end();
        // every rule of shop reconfigure, checked before the first trial
        r.at("", () -> out.config(shop, base.resolve("reconfiguration-check")));
        return out;
    }
}
