package io.tunescope.tune.cluster.sim;

import io.tunescope.store.ClusterBenchDescription;
import io.tunescope.store.SimCalibration;
import io.tunescope.tune.cluster.ClusterBench;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ClusterMeasurement;
import io.tunescope.BadInputException;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.SearchSpace;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A cluster of proxy and application nodes simulated by {@link ClusterModel} (closed queueing network, mean-value
 * analysis) with demands calibrated from a measured shop run ({@link SimCalibration}), so that clusters of 10 to 100
 * nodes can be tuned in seconds. Each measurement multiplies each line's modelled WIPS by {@code 1 + noise × N(0,1)}
 * from a generator seeded once, so a bench built with the same seed gives the same sequence.
 */
public final class SimulatedCluster implements ClusterBench {
    /** The knobs of a simulated proxy node (names as the shop's catalog; ranges chosen for the model). */
    public static final SearchSpace PROXY_SPACE = new SearchSpace(List.of(
            new IntParam("proxy_cache_size", 0, 1024, 16, false, List.of(), 64L),
            new IntParam("proxy_workers", 1, 16, 1, false, List.of(), 1L)), List.of());
    /** The knobs of a simulated application node. */
    public static final SearchSpace APP_SPACE = new SearchSpace(List.of(
            new IntParam("app_max_threads", 8, 256, 8, false, List.of(), 64L),
            new IntParam("app_cache_entries", 0, 20_000, 500, false, List.of(), 0L)), List.of());

    private final ClusterLayout layout;
    private final ClusterModel model;
    private final SimCalibration calibration;
    private final int browsers;
    private final double thinkMillis;
    private final double noise;
    private final long seed;
    private final Random random;

    /**
     * @param noisePercent the standard deviation of each line's measurement noise, in percent of its WIPS
     */
    public SimulatedCluster(ClusterLayout layout, SimCalibration calibration, int browsers, double thinkMillis,
                            double noisePercent, long seed) {
        for (String tier : layout.tiers()) {
            nodeSpace(tier);
        }
        if (layout.inTier("app").isEmpty()) {
            throw BadInputException.of("layout", layout.tiers(), "needs at least one app node");
        }
        if (browsers < layout.lines().size()) {
            throw BadInputException.of("browsers", browsers, "must be at least the number of work lines ("
                    + layout.lines().size() + ")");
        }
        if (!(thinkMillis > 0)) {
            throw BadInputException.of("thinkMillis", thinkMillis, "must be above 0");
        }
        if (!(noisePercent >= 0 && noisePercent < 50)) {
            throw BadInputException.of("noisePercent", noisePercent, "must be at least 0 and below 50");
        }
        this.layout = layout;
        this.calibration = calibration;
        this.model = new ClusterModel(calibration, thinkMillis);
        this.browsers = browsers;
        this.thinkMillis = thinkMillis;
        this.noise = noisePercent / 100;
        this.seed = seed;
        this.random = new Random(seed);
    }

    @Override
    public ClusterLayout layout() {
        return layout;
    }

    @Override
    public SearchSpace nodeSpace(String tier) {
        return switch (tier) {
            case "proxy" -> PROXY_SPACE;
            case "app" -> APP_SPACE;
            default -> throw BadInputException.of("tier", tier, "is not simulated; the simulated tiers are proxy and "
                    + "app");
        };
    }

    @Override
    public ClusterMeasurement measure(ClusterLayout current, Map<String, Configuration> configByNode, Path log) {
        Map<String, Double> byLine = new LinkedHashMap<>();
        double total = 0;
        for (Map.Entry<String, ClusterModel.LineResult> e : modelled(current, configByNode).entrySet()) {
            double w = Math.max(0, e.getValue().wips() * (1 + noise * random.nextGaussian()));
            byLine.put(e.getKey(), w);
            total += w;
        }
        return ClusterMeasurement.ok(total, byLine, List.of(), 0);
    }

    /** Each line's modelled WIPS and node utilizations, without noise. */
    public Map<String, ClusterModel.LineResult> modelled(ClusterLayout current, Map<String, Configuration> config) {
        List<String> lines = layout.lines();
        Map<String, ClusterModel.LineResult> out = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            int share = browsers / lines.size() + (i < browsers % lines.size() ? 1 : 0);
            out.put(lines.get(i), model.line(current.inLine(lines.get(i)), config, share));
        }
        return out;
    }

    /** The modelled WIPS of the whole cluster (no noise). */
    public double modelledWips(ClusterLayout current, Map<String, Configuration> config) {
        return modelled(current, config).values().stream().mapToDouble(ClusterModel.LineResult::wips).sum();
    }

    @Override
    public ClusterBenchDescription describe() {
        return new ClusterBenchDescription.Simulated(ClusterBenchDescription.SIMULATED,
                "closed queueing network per work line, exact MVA with Seidmann's multi-server approximation",
                browsers, thinkMillis, noise * 100, seed, calibration, layout.nodes().size(), null);
    }

    @Override
    public void close() {
        // nothing runs
    }
}
