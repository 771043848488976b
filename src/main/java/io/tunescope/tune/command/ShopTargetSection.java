package io.tunescope.tune.command;

import io.tunescope.config.YamlSection;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.shop.stack.ShopTiers;
import io.tunescope.tune.shop.ShopObjective;
import io.tunescope.tune.shop.ShopTargetSpec;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The {@code target:} section of a tuning file with {@code engine: shop}: the web shop's load, store and stack
 * shape (see {@link ShopTargetSpec}); its parameters name knobs of {@code ShopCatalogs} (proxy and app tiers). Each
 * value is checked here, with the rules of {@code shop run}, before any trial starts.
 */
final class ShopTargetSection {
    static final String ENGINE = "shop";

    static boolean isShop(YamlSection target) {
        return ENGINE.equals(target.value("engine").node().asText());
    }

    ShopTargetSpec spec(YamlSection t, Path base, Duration timeout) {
        return spec(t, base, timeout, null, null);
    }

    /**
     * The shop target in {@code t}; a non-null {@code appNodes} and {@code proxy} are the stack's shape set by the
     * caller (a cluster's layout), which the section then may not give.
     */
    ShopTargetSpec spec(YamlSection t, Path base, Duration timeout, Integer appNodes, String proxy) {
        t.describedAs("of a shop target");
        t.value("engine");
        Mix mix = t.parsed("mix", "browsing", Mix::parse);
        int browsers = t.integer("browsers", 10, 1, Integer.MAX_VALUE);
        double thinkScale = t.number("thinkScale", 1);
        int items = t.integer("items", 1_000, 1, Integer.MAX_VALUE);
        int scaleDown = t.integer("scaleDown", 10, 1, Integer.MAX_VALUE);
        t.at("items", () -> new ShopScale(items, browsers, scaleDown));
        String database = t.text("database", "h2");
        if (!ShopRunConfig.DATABASES.contains(database)) {
            throw t.error("database", database, "must be one of " + String.join(", ", ShopRunConfig.DATABASES));
        }
        String pgBin = t.textOrNull("pgBin");
        int nodes = appNodes != null ? appNodes : t.integer("appNodes", 1, 1, Integer.MAX_VALUE);
        String proxyKind = proxy != null ? proxy : t.text("proxy", ShopTiers.AUTO);
        ShopTiers tiers = t.at("proxy", () -> new ShopTiers(proxyKind, 0, null, null, nodes));
        Duration rampUp = t.durationOrZero("rampUp", Duration.ofSeconds(5));
        Duration measure = t.duration("measure", Duration.ofSeconds(30));
        Duration rampDown = t.durationOrZero("rampDown", Duration.ofSeconds(2));
        ShopObjective objective = t.parsed("objective", "wips", ShopObjective::parse);
        int revalidate = t.integer("revalidate", ShopTargetSpec.MIN_REVALIDATE_RUNS, 0, Integer.MAX_VALUE);
        long seed = t.integer("seed", 1, 0, Integer.MAX_VALUE);
        t.end();
        return t.at("", () -> new ShopTargetSpec(mix, browsers, thinkScale, items, scaleDown, database,
                pgBin == null ? null : base.resolve(pgBin), nodes, tiers.proxy(), rampUp, measure, rampDown,
                objective, timeout, revalidate, seed));
    }
}
