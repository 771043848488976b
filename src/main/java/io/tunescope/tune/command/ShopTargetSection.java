package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.config.DurationText;
import io.tunescope.config.LocatedYaml;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.shop.stack.ShopTiers;
import io.tunescope.tune.shop.ShopObjective;
import io.tunescope.tune.shop.ShopTargetSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code target:} section of a tuning file with {@code engine: shop}: the web shop's load, store and stack
 * shape (see {@link ShopTargetSpec}); its parameters name knobs of {@code ShopCatalogs} (proxy and app tiers). Each
 * value is checked here, with the rules of {@code shop run}, before any trial starts.
 */
final class ShopTargetSection {
    static final String ENGINE = "shop";
    static final Set<String> KEYS = Set.of("engine", "mix", "browsers", "thinkScale", "items", "scaleDown",
            "database", "pgBin", "appNodes", "proxy", "rampUp", "measure", "rampDown", "objective", "revalidate",
            "seed");

    private final LocatedYaml yaml;
    /** Where the section sits in the file ({@code target}, or {@code cluster.shop}): errors name the key under it. */
    private final String prefix;

    ShopTargetSection(LocatedYaml yaml) {
        this(yaml, "target");
    }

    ShopTargetSection(LocatedYaml yaml, String prefix) {
        this.yaml = yaml;
        this.prefix = prefix;
    }

    static boolean isShop(Map<String, Object> target) {
        return ENGINE.equals(target.get("engine"));
    }

    ShopTargetSpec spec(Map<String, Object> t, Path base, Duration timeout) {
        for (String k : t.keySet()) {
            if (!KEYS.contains(k)) {
                throw yaml.error(prefix + "." + k, k, "is not a known key of a shop target; expected one of "
                        + new TreeSet<>(KEYS));
            }
        }
        Mix mix = at(prefix + ".mix", () -> Mix.parse(text(t, "mix", "browsing")));
        int browsers = whole(t, "browsers", 10, 1);
        double thinkScale = number(t, "thinkScale", 1);
        int items = whole(t, "items", 1_000, 1);
        int scaleDown = whole(t, "scaleDown", 10, 1);
        at(prefix + ".items", () -> new ShopScale(items, browsers, scaleDown));
        String database = text(t, "database", "h2");
        if (!ShopRunConfig.DATABASES.contains(database)) {
            throw yaml.error(prefix + ".database", database, "must be one of " + String.join(", ",
                    ShopRunConfig.DATABASES));
        }
        Path pgBin = t.containsKey("pgBin") ? base.resolve(text(t, "pgBin", null)) : null;
        int appNodes = whole(t, "appNodes", 1, 1);
        String proxy = text(t, "proxy", ShopTiers.AUTO);
        ShopTiers tiers = at(prefix + ".proxy", () -> new ShopTiers(proxy, 0, null, null, appNodes));
        Duration rampUp = duration(t, "rampUp", "5s");
        Duration measure = at(prefix + ".measure", () -> DurationText.parse("measure", text(t, "measure", "30s")));
        Duration rampDown = duration(t, "rampDown", "2s");
        ShopObjective objective = at(prefix + ".objective", () -> ShopObjective.parse(text(t, "objective", "wips")));
        int revalidate = whole(t, "revalidate", ShopTargetSpec.MIN_REVALIDATE_RUNS, 0);
        long seed = whole(t, "seed", 1, 0);
        return at(prefix, () -> new ShopTargetSpec(mix, browsers, thinkScale, items, scaleDown, database, pgBin,
                appNodes, tiers.proxy(), rampUp, measure, rampDown, objective, timeout, revalidate, seed));
    }

    private Duration duration(Map<String, Object> t, String key, String fallback) {
        return at(prefix + "." + key, () -> DurationText.parseNonNegative(key, text(t, key, fallback)));
    }

    private int whole(Map<String, Object> t, String key, int fallback, int min) {
        Object v = t.getOrDefault(key, fallback);
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.longValue() >= min
                && n.longValue() <= Integer.MAX_VALUE) {
            return n.intValue();
        }
        throw yaml.error(prefix + "." + key, v, "must be a whole number of at least " + min);
    }

    private double number(Map<String, Object> t, String key, double fallback) {
        Object v = t.getOrDefault(key, fallback);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw yaml.error(prefix + "." + key, v, "must be a number");
    }

    private String text(Map<String, Object> t, String key, String fallback) {
        return TargetSection.text(yaml, prefix, t, key, fallback);
    }

    private <T> T at(String path, java.util.function.Supplier<T> body) {
        try {
            return body.get();
        } catch (BadInputException e) {
            if (e.getMessage().startsWith(yaml.fileName() + ":")) {
                throw e;
            }
            throw yaml.at(path, e);
        }
    }
}
