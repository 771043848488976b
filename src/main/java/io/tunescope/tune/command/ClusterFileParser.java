package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.config.LocatedYaml;
import io.tunescope.config.YamlSection;
import io.tunescope.config.YamlValue;
import io.tunescope.store.Json;
import io.tunescope.store.ShopSummary;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.Layouts;
import io.tunescope.tune.cluster.ModeRun;
import io.tunescope.store.SimCalibration;
import io.tunescope.tune.cluster.TuningMode;
import io.tunescope.tune.shop.ShopTargetSpec;
import io.tunescope.tune.strategy.Strategies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the {@code cluster:} section of a tuning file; every error names the file, the line, the value and the rule. */
public record ClusterFileParser(Path file, LocatedYaml yaml) {

    /** Whether {@code file} is a tuning file with a top-level {@code cluster:} key (false if it cannot be read). */
    public static boolean isClusterFile(Path file) {
        return LocatedYaml.hasTopKey(file, "cluster");
    }

    public static ClusterFile read(Path file) {
        return new ClusterFileParser(file, LocatedYaml.read(file, "cluster file", false)).clusterFile();
    }

    public static ClusterFile parse(Path file, String text) {
        return new ClusterFileParser(file, LocatedYaml.parse(file.toString(), text, false)).clusterFile();
    }

    private ClusterFile clusterFile() {
        YamlSection top = YamlSection.root(yaml);
        for (String k : top.keys()) {
            if (!k.equals("cluster")) {
                throw top.error(k, k, "cannot be beside cluster: (a cluster tuning file has only that section)");
            }
        }
        YamlSection c = top.value("cluster").section();
        ClusterFile.Bench bench = bench(c.value("bench"));
        List<TuningMode> modes = modes(c.value("modes"));
        int trials = c.integer("trialsPerMode", 60, 1, 100_000);
        String strategy = c.text("strategy", "nelder-mead");
        if (!Strategies.exists(strategy)) {
            throw c.error("strategy", strategy, "must be one of " + Strategies.names());
        }
        long seed = c.longInteger("seed", 1, Integer.MIN_VALUE, Long.MAX_VALUE);
        ClusterLayout layout = layout(c.value("layout").section());
        ClusterFile.Simulation sim = simulation(c, layout, bench);
        Map<String, Integer> failures = failures(c.value("failures"), layout, trials);
        ClusterShopSection shopSection = new ClusterShopSection(base());
        if (bench != ClusterFile.Bench.SHOP) {
            c.refuse("shop", "is only for bench: shop");
            c.refuse("reconfiguration", "is only for bench: shop");
        }
        ShopTargetSpec shop = bench == ClusterFile.Bench.SHOP ? shopSection.shop(c.section("shop"), layout) : null;
        ClusterFile.Reconfiguration reconfiguration = c.has("reconfiguration")
                ? shopSection.reconfiguration(c.section("reconfiguration"), shop) : null;
        ClusterFile.Partitioning partitioning = ClusterPartitioningKeys.read(c);
        c.end();
        return new ClusterFile(file, modes, new ModeRun.Settings(trials, strategy, seed), layout, bench, sim, failures,
                shop, reconfiguration, partitioning);
    }

    /** The folder relative paths in the file are resolved against (its own). */
    private Path base() {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? Path.of(".") : parent;
    }

    private static ClusterFile.Bench bench(YamlValue raw) {
        String b = raw.present() ? raw.text() : "simulated";
        for (ClusterFile.Bench x : ClusterFile.Bench.values()) {
            if (x.label().equals(b)) {
                return x;
            }
        }
        throw raw.error(b, "must be simulated or shop");
    }

    private static List<TuningMode> modes(YamlValue raw) {
        if (!raw.present()) {
            return List.of(TuningMode.values());
        }
        List<YamlValue> items = raw.items();
        if (items.isEmpty()) {
            throw raw.error("[]", "must name at least one of default, duplication, partitioning");
        }
        List<TuningMode> out = new ArrayList<>();
        for (YamlValue item : items) {
            TuningMode mode;
            try {
                mode = TuningMode.parse(item.display());
            } catch (BadInputException e) {
                throw item.error("must be one of default, duplication, partitioning");
            }
            if (out.contains(mode)) {
                throw item.error("is listed twice");
            }
            out.add(mode);
        }
        return out;
    }

    private static ClusterLayout layout(YamlSection l) {
        int lines = l.integer("lines", 1, 1, 1_000);
        YamlSection tiers = l.value("nodesPerTier").section();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String tier : tiers.keys()) {
            int n = tiers.value(tier).integer(1, 10_000);
            if (n < lines) {
                throw tiers.error(tier, n, "must be at least the number of lines (" + lines + "): each work line has "
                        + "a node of every tier");
            }
            counts.put(tier, n);
        }
        if (counts.isEmpty()) {
            throw l.error("nodesPerTier", "{}", "must name at least one tier");
        }
        l.end();
        return l.at("", () -> Layouts.of(lines, counts));
    }

    private ClusterFile.Simulation simulation(YamlSection c, ClusterLayout layout, ClusterFile.Bench bench) {
        if (bench != ClusterFile.Bench.SIMULATED) {
            c.refuse("simulation", "is only for bench: simulated");
            return null;
        }
        YamlSection s = c.section("simulation");
        for (String tier : layout.tiers()) {
            if (!tier.equals("proxy") && !tier.equals("app")) {
                throw yaml.error("cluster.layout.nodesPerTier." + tier, tier, "is not simulated; the simulated tiers "
                        + "are proxy and app");
            }
        }
        if (layout.inTier("app").isEmpty()) {
            throw yaml.error("cluster.layout.nodesPerTier", layout.tiers(), "needs app nodes to simulate");
        }
        int browsers = s.integer("browsers", 2_500 * layout.inTier("app").size(), layout.lines().size(), 10_000_000);
        double think = s.number("thinkMillis", 350.0);
        if (!(think > 0)) {
            throw s.error("thinkMillis", think, "must be above 0");
        }
        double noise = s.number("noisePercent", 2.0);
        if (!(noise >= 0 && noise < 50)) {
            throw s.error("noisePercent", noise, "must be at least 0 and below 50");
        }
        SimCalibration calibration = calibration(s.value("calibration"));
        s.end();
        return new ClusterFile.Simulation(browsers, think, noise, calibration);
    }

    /** {@code recorded} (the run measured here) or the summary.json of a {@code shop run --monitor}. */
    private SimCalibration calibration(YamlValue raw) {
        String c = raw.present() ? raw.text() : "recorded";
        if (c.equals("recorded")) {
            return SimCalibration.RECORDED;
        }
        Path p = file.toAbsolutePath().getParent().resolve(c);
        if (!Files.isRegularFile(p)) {
            throw raw.error("must be recorded or the summary.json of a shop run --monitor (no such file)");
        }
        try {
            return SimCalibration.fromSummary(Json.read(p, ShopSummary.class), p.toString());
        } catch (IOException e) {
            throw raw.error("cannot be read: " + Json.why(e));
        } catch (BadInputException e) {
            throw raw.error("cannot be used: " + e.getMessage());
        }
    }

    private static Map<String, Integer> failures(YamlValue raw, ClusterLayout layout, int trials) {
        if (!raw.present()) {
            return Map.of();
        }
        YamlSection f = raw.section();
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String node : f.keys()) {
            if (layout.nodes().stream().noneMatch(n -> n.name().equals(node))) {
                throw f.error(node, node, "is not a node of the layout; nodes are named <tier><i>, e.g. "
                        + layout.nodes().get(0).name());
            }
            out.put(node, f.value(node).integer(1, trials));
        }
        if (out.size() >= layout.nodes().size()) {
            throw raw.error(out.keySet(), "must leave at least one node running");
        }
        return out;
    }
}
