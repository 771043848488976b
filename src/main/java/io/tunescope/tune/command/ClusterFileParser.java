package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.config.LocatedYaml;
import io.tunescope.config.TextFiles;
import io.tunescope.store.Json;
import io.tunescope.store.ShopSummary;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.Layouts;
import io.tunescope.tune.cluster.ModeRun;
import io.tunescope.tune.cluster.SimCalibration;
import io.tunescope.tune.cluster.TuningMode;
import io.tunescope.tune.shop.ShopTargetSpec;
import io.tunescope.tune.strategy.Strategies;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Reads the {@code cluster:} section of a tuning file; every error names the file, the line, the value and the rule. */
public final class ClusterFileParser {
    private static final Set<String> KEYS = Set.of("bench", "modes", "trialsPerMode", "strategy", "seed", "layout",
            "simulation", "failures", "shop", "reconfiguration", "partitioning", "study", "roundTimeoutSeconds");
    private static final Set<String> SIM_KEYS = Set.of("browsers", "thinkMillis", "noisePercent", "calibration");

    private final Path file;
    private final LocatedYaml yaml;

    private ClusterFileParser(Path file, LocatedYaml yaml) {
        this.file = file;
        this.yaml = yaml;
    }

    /** Whether {@code file} is a tuning file with a top-level {@code cluster:} key (false if it cannot be read). */
    public static boolean isClusterFile(Path file) {
        try {
            String text = Files.readString(file);
            return !text.isBlank() && LocatedYaml.parse(file.toString(), text, false).plainRoot() instanceof Map<?, ?> m
                    && m.containsKey("cluster");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    public static ClusterFile read(Path file) {
        try {
            return parse(file, TextFiles.readUtf8(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public static ClusterFile parse(Path file, String text) {
        return new ClusterFileParser(file, LocatedYaml.parse(file.toString(), text, false)).clusterFile();
    }

    private ClusterFile clusterFile() {
        Map<String, Object> top = yaml.map(yaml.plainRoot(), "document");
        for (String k : top.keySet()) {
            if (!k.equals("cluster")) {
                throw yaml.error(k, k, "cannot be beside cluster: (a cluster tuning file has only that section)");
            }
        }
        Map<String, Object> c = yaml.map(top.get("cluster"), "cluster");
        unknownKeys(c, KEYS, "cluster");
        ClusterFile.Bench bench = bench(c.getOrDefault("bench", "simulated"));
        List<TuningMode> modes = modes(c.get("modes"));
        int trials = (int) integer(c.getOrDefault("trialsPerMode", 60L), "cluster.trialsPerMode", 1, 100_000);
        String strategy = text(c.getOrDefault("strategy", "nelder-mead"), "cluster.strategy");
        if (!Strategies.exists(strategy)) {
            throw yaml.error("cluster.strategy", strategy, "must be one of " + Strategies.names());
        }
        long seed = integer(c.getOrDefault("seed", 1L), "cluster.seed", Integer.MIN_VALUE, Long.MAX_VALUE);
        ClusterLayout layout = layout(c.get("layout"));
        ClusterFile.Simulation sim = simulation(c.get("simulation"), layout, bench);
        Map<String, Integer> failures = failures(c.get("failures"), layout, trials);
        ClusterShopSection shopSection = new ClusterShopSection(yaml, base());
        if (bench != ClusterFile.Bench.SHOP) {
            for (String key : List.of("shop", "reconfiguration")) {
                if (c.containsKey(key)) {
                    throw yaml.error("cluster." + key, "present", "is only for bench: shop");
                }
            }
        }
        ShopTargetSpec shop = bench == ClusterFile.Bench.SHOP
                ? shopSection.shop(c.get("shop") == null ? Map.of() : yaml.map(c.get("shop"), "cluster.shop"), layout) : null;
        ClusterFile.Reconfiguration reconfiguration = c.get("reconfiguration") == null ? null
                : shopSection.reconfiguration(yaml.map(c.get("reconfiguration"), "cluster.reconfiguration"), shop);
        return new ClusterFile(file, modes, new ModeRun.Settings(trials, strategy, seed), layout, bench, sim, failures,
                shop, reconfiguration, ClusterPartitioningKeys.read(yaml, c));
    }

    /** The folder relative paths in the file are resolved against (its own). */
    private Path base() {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? Path.of(".") : parent;
    }

    private ClusterFile.Bench bench(Object raw) {
        String b = text(raw, "cluster.bench");
        for (ClusterFile.Bench x : ClusterFile.Bench.values()) {
            if (x.label().equals(b)) {
                return x;
            }
        }
        throw yaml.error("cluster.bench", b, "must be simulated or shop");
    }

    private List<TuningMode> modes(Object raw) {
        if (raw == null) {
            return List.of(TuningMode.values());
        }
        List<Object> l = yaml.list(raw, "cluster.modes");
        if (l.isEmpty()) {
            throw yaml.error("cluster.modes", "[]", "must name at least one of default, duplication, partitioning");
        }
        List<TuningMode> out = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            String path = "cluster.modes[" + i + "]";
            Object m = l.get(i);
            TuningMode mode;
            try {
                mode = TuningMode.parse(String.valueOf(m));
            } catch (BadInputException e) {
                throw yaml.error(path, m, "must be one of default, duplication, partitioning");
            }
            if (out.contains(mode)) {
                throw yaml.error(path, m, "is listed twice");
            }
            out.add(mode);
        }
        return out;
    }

    private ClusterLayout layout(Object raw) {
        Map<String, Object> l = yaml.map(raw, "cluster.layout");
        unknownKeys(l, Set.of("lines", "nodesPerTier"), "cluster.layout");
        int lines = (int) integer(l.getOrDefault("lines", 1L), "cluster.layout.lines", 1, 1_000);
        Map<String, Object> tiers = yaml.map(l.get("nodesPerTier"), "cluster.layout.nodesPerTier");
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : tiers.entrySet()) {
            String path = "cluster.layout.nodesPerTier." + e.getKey();
            int n = (int) integer(e.getValue(), path, 1, 10_000);
            if (n < lines) {
                throw yaml.error(path, n, "must be at least the number of lines (" + lines + "): each work line has a "
                        + "node of every tier");
            }
            counts.put(e.getKey(), n);
        }
        if (counts.isEmpty()) {
            throw yaml.error("cluster.layout.nodesPerTier", "{}", "must name at least one tier");
        }
        try {
            return Layouts.of(lines, counts);
        } catch (BadInputException e) {
            throw yaml.at("cluster.layout", e);
        }
    }

    private ClusterFile.Simulation simulation(Object raw, ClusterLayout layout, ClusterFile.Bench bench) {
        if (bench != ClusterFile.Bench.SIMULATED) {
            if (raw != null) {
                throw yaml.error("cluster.simulation", "present", "is only for bench: simulated");
            }
            return null;
        }
        Map<String, Object> s = raw == null ? Map.of() : yaml.map(raw, "cluster.simulation");
        unknownKeys(s, SIM_KEYS, "cluster.simulation");
        for (String tier : layout.tiers()) {
            if (!tier.equals("proxy") && !tier.equals("app")) {
                throw yaml.error("cluster.layout.nodesPerTier." + tier, tier, "is not simulated; the simulated tiers "
                        + "are proxy and app");
            }
        }
        if (layout.inTier("app").isEmpty()) {
            throw yaml.error("cluster.layout.nodesPerTier", layout.tiers(), "needs app nodes to simulate");
        }
        long defaultBrowsers = 2_500L * layout.inTier("app").size();
        int browsers = (int) integer(s.getOrDefault("browsers", defaultBrowsers), "cluster.simulation.browsers",
                layout.lines().size(), 10_000_000);
        double think = number(s.getOrDefault("thinkMillis", 350.0), "cluster.simulation.thinkMillis");
        if (!(think > 0)) {
            throw yaml.error("cluster.simulation.thinkMillis", think, "must be above 0");
        }
        double noise = number(s.getOrDefault("noisePercent", 2.0), "cluster.simulation.noisePercent");
        if (!(noise >= 0 && noise < 50)) {
            throw yaml.error("cluster.simulation.noisePercent", noise, "must be at least 0 and below 50");
        }
        return new ClusterFile.Simulation(browsers, think, noise, calibration(s.getOrDefault("calibration",
                "recorded")));
    }

    /** {@code recorded} (the run measured here) or the summary.json of a {@code shop run --monitor}. */
    private SimCalibration calibration(Object raw) {
        String c = text(raw, "cluster.simulation.calibration");
        if (c.equals("recorded")) {
            return SimCalibration.RECORDED;
        }
        Path p = file.toAbsolutePath().getParent().resolve(c);
        if (!Files.isRegularFile(p)) {
            throw yaml.error("cluster.simulation.calibration", c, "must be recorded or the summary.json of a shop run "
                    + "--monitor (no such file)");
        }
        try {
            return SimCalibration.fromSummary(Json.read(p, ShopSummary.class), p.toString());
        } catch (IOException e) {
            throw yaml.error("cluster.simulation.calibration", c, "cannot be read: " + Json.why(e));
        } catch (BadInputException e) {
            throw yaml.error("cluster.simulation.calibration", c, "cannot be used: " + e.getMessage());
        }
    }

    private Map<String, Integer> failures(Object raw, ClusterLayout layout, int trials) {
        if (raw == null) {
            return Map.of();
        }
        Map<String, Object> f = yaml.map(raw, "cluster.failures");
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : f.entrySet()) {
            String path = "cluster.failures." + e.getKey();
            if (layout.nodes().stream().noneMatch(n -> n.name().equals(e.getKey()))) {
                throw yaml.error(path, e.getKey(), "is not a node of the layout; nodes are named <tier><i>, e.g. "
                        + layout.nodes().get(0).name());
            }
            out.put(e.getKey(), (int) integer(e.getValue(), path, 1, trials));
        }
        if (out.size() >= layout.nodes().size()) {
            throw yaml.error("cluster.failures", out.keySet(), "must leave at least one node running");
        }
        return out;
    }

    private void unknownKeys(Map<String, Object> m, Set<String> allowed, String path) {
        for (String k : m.keySet()) {
            if (!allowed.contains(k)) {
                throw yaml.error(path + "." + k, k, "is not a known key; expected one of " + new TreeSet<>(allowed));
            }
        }
    }


    private String text(Object raw, String path) {
        if (raw instanceof String s && !s.isBlank()) {
            return s;
        }
        throw yaml.error(path, raw == null ? "missing" : raw, "must be a non-empty text");
    }

    private double number(Object raw, String path) {
        if (raw instanceof Number n) {
            return n.doubleValue();
        }
        throw yaml.error(path, raw, "must be a number");
    }

    private long integer(Object raw, String path, long min, long max) {
        if (raw instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            if (n.longValue() < min || n.longValue() > max) {
                throw yaml.error(path, raw, "must be between " + min + " and " + max);
            }
            return n.longValue();
        }
        throw yaml.error(path, raw, "must be an integer");
    }
}
