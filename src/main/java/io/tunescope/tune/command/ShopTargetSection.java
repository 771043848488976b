package io.tunescope.tune.command;

import io.tunescope.config.YamlSection;
import io.tunescope.config.YamlValue;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.shop.stack.ShopTiers;
import io.tunescope.tune.shop.ShopObjective;
import io.tunescope.tune.shop.ShopTargetSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The {@code target:} section of a tuning file with {@code engine: shop}: the web shop's load, store and stack
 * shape (see {@link ShopTargetSpec}); its parameters name knobs of {@code ShopCatalogs} (proxy and app tiers). Each
 * value is checked here, with the rules of {@code shop run}, before any trial starts.
 */
final class ShopTargetSection {
    static final String ENGINE = "shop";
    static final String FRESH = "fresh";
    static final String PERSISTENT = "persistent";

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
        Duration rampUp = t.durationOrZero("rampUp", Duration.ofSeconds(ShopRunConfig.DEFAULT_RAMP_UP_SECONDS));
        Duration measure = t.duration("measure", Duration.ofSeconds(30));
        Duration rampDown = t.durationOrZero("rampDown", Duration.ofSeconds(2));
        ShopObjective objective = t.parsed("objective", "wips", ShopObjective::parse);
        int revalidate = t.integer("revalidate", ShopTargetSpec.MIN_REVALIDATE_RUNS, 0, Integer.MAX_VALUE);
        long seed = t.integer("seed", 1, 0, Integer.MAX_VALUE);
        // a cluster's layout starts its own nodes per measurement over one database: no stack key there
        String stack = appNodes != null ? FRESH : t.text("stack", FRESH);
        if (!List.of(FRESH, PERSISTENT).contains(stack)) {
            throw t.error("stack", stack, "must be fresh (a new stack per trial) or persistent (one stack per "
                    + "session, each trial's knobs applied by reload where the tier allows)");
        }
        t.end();
        return t.at("", () -> new ShopTargetSpec(mix, browsers, thinkScale, items, scaleDown, database,
                pgBin == null ? null : base.resolve(pgBin), nodes, tiers.proxy(), rampUp, measure, rampDown,
                objective, timeout, revalidate, seed, PERSISTENT.equals(stack)));
    }

    /**
     * Bad input when a persistent stack would have to change the settings of a database tier that takes them only
     * at its start: only PostgreSQL's are applied live (MariaDB's need {@code stack: fresh}).
     */
    static void checkLiveDatabase(ShopTargetSpec shop, io.tunescope.tune.space.SearchSpace space) {
        if (!shop.persistent() || io.tunescope.shop.stack.ShopDatabases.engine(shop.database()).liveSettings()) {
            return;
        }
        var catalog = io.tunescope.shop.stack.ShopCatalogs.database(shop.database());
        List<String> knobs = space.params().stream().map(io.tunescope.tune.space.Param::name)
                .filter(catalog::has).toList();
        if (!knobs.isEmpty()) {
            throw io.tunescope.BadInputException.of("target.stack", PERSISTENT, "applies the database tier's knobs "
                    + knobs + " live on " + liveTiers() + " only; with database " + shop.database()
                    + " use stack: fresh");
        }
    }

    /** The database tiers whose settings a persistent stack applies live ({@code postgres}). */
    private static String liveTiers() {
        return String.join(", ", io.tunescope.shop.stack.ShopDatabases.NAMES.stream()
                .filter(n -> io.tunescope.shop.stack.ShopDatabases.engine(n).liveSettings()).toList());
    }

    /**
     * The mixes of a shop session tuned for several ({@code workloads:}, at least two): each entry a {@code mix},
     * optionally its {@code browsers} (default: the target's) and {@code name} (default: the mix's).
     */
    static List<TuningFile.Workload> workloads(YamlValue list, ShopTargetSpec base) {
        List<YamlValue> raw = list.items();
        if (raw.size() < 2) {
            throw list.error(raw.size() + " entries", "must list at least 2 workloads (or none)");
        }
        List<TuningFile.Workload> out = new java.util.ArrayList<>();
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (YamlValue item : raw) {
            YamlSection m = item.section();
            m.describedAs("of a shop workload (mix, browsers, name)");
            Mix mix = m.required("mix").parsed(Mix::parse);
            int browsers = m.integer("browsers", base.browsers(), 1, Integer.MAX_VALUE);
            String name = m.text("name", mix.name().toLowerCase(java.util.Locale.ROOT)
                    + (browsers == base.browsers() ? "" : "-" + browsers + "b"));
            m.end();
            if (!name.matches("[A-Za-z0-9._-]{1,64}")) {
                throw m.error("name", name, "must be 1 to 64 letters, digits, '.', '_' or '-'");
            }
            if (!names.add(name)) {
                throw m.error("name", name, "is already the name of another workload");
            }
            out.add(new TuningFile.Workload(name, null, base.withMix(mix, browsers)));
        }
        return out;
    }
}
