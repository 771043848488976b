package io.tunescope.tune.command;

import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ModeRun;
import io.tunescope.store.SimCalibration;
import io.tunescope.tune.cluster.TuningMode;

import io.tunescope.shop.Mix;
import io.tunescope.shop.MixChange;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnob;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.stack.ShopStackConfig;
import io.tunescope.shop.stack.ShopTiers;
import io.tunescope.tune.reconfigure.ShopReconfigureConfig;
import io.tunescope.tune.shop.ShopTargetSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A tuning file with a {@code cluster:} section: the tuning modes to compare on one cluster, the trials,
 * strategy and seed each mode gets, the layout (work lines and nodes per tier), which bench measures it, the
 * simulation's settings, and nodes to fail on purpose ({@code failures}: node to the trial of each mode it dies in);
 * with {@code bench: shop}, the shop's load and stack ({@code shop}, null otherwise) and the online reconfiguration
 * run after the modes ({@code reconfiguration}, null without one).
 */
public record ClusterFile(Path source, List<TuningMode> modes, ModeRun.Settings settings, ClusterLayout layout,
                          Bench bench, Simulation simulation, Map<String, Integer> failures, ShopTargetSpec shop,
                          Reconfiguration reconfiguration, Partitioning partitioning) {
    /** What measures the cluster: a simulation, or the shop's stack on this machine. */
    public enum Bench {
        SIMULATED, SHOP;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The simulated bench's settings. */
    public record Simulation(int browsers, double thinkMillis, double noisePercent, SimCalibration calibration) {
    }

    /**
     * How the partitioning mode runs its line tuners: in this process (the default), or one {@code tunescope tune}
     * process per work line on a PostgreSQL study store ({@code partitioning: processes}; {@code study}: a private
     * instance, {@code postgres}, or a JDBC URL whose password comes from $TUNESCOPE_STUDY_PASSWORD), each round
     * waiting at most {@code roundTimeout} for a line.
     */
    public record Partitioning(boolean processes, String study, java.time.Duration roundTimeout) {
        public static final Partitioning IN_PROCESS = new Partitioning(false, null, null);
    }

    public ClusterFile {
        modes = List.copyOf(modes);
        failures = Map.copyOf(failures);
        partitioning = partitioning == null ? Partitioning.IN_PROCESS : partitioning;
    }


    /** This file with another trial count, strategy and seed (each null: unchanged). */
    public ClusterFile withSearch(Integer trials, String strategy, Long seed) {
        return new ClusterFile(source, modes, new ModeRun.Settings(trials != null ? trials : settings.trials(),
                strategy != null ? strategy : settings.strategy(), seed != null ? seed : settings.seed()), layout,
                bench, simulation, failures, shop, reconfiguration, partitioning);
    }

    /**
     * The online reconfiguration run ({@code shop reconfigure}'s settings): application nodes in the browse and order
     * tiers behind nginx, a browse node's page-cache entries (-1: the order nodes'), the load and its change of mix,
     * and the loop's window, settling pause and hysteresis.
     */
    public record Reconfiguration(int appNodes, int browseNodes, int browseCacheEntries, Mix mix, MixChange mixChange,
                                  int browsers, Duration rampUp, Duration duration, double thinkScale,
                                  Duration window, Duration settle, double hysteresis) {
        /** The run on the store and database of {@code shop}, its results under {@code out}. */
        public ShopReconfigureConfig config(ShopTargetSpec shop, Path out) {
            ShopStackConfig stack = new ShopStackConfig(out, shop.database(), shop.pgBin(), new ShopScale(shop.items(),
                    browsers, shop.scaleDown()), shop.seed(), AppKnobs.DEFAULTS, new ShopTiers(ShopTiers.NGINX, 0, null,
                    null, appNodes));
            return new ShopReconfigureConfig(stack, browseNodes, browseCacheEntries < 0 ? AppKnobs.DEFAULTS
                    .get(AppKnob.CACHE_ENTRIES) : browseCacheEntries, mix, mixChange, browsers, rampUp, duration,
                    new ThinkTime(thinkScale), window, settle, hysteresis, shop.seed());
        }
    }
}
