package io.tunescope.tune.command;

import io.tunescope.store.ClusterResult;
import io.tunescope.store.RunEnvironment;
import io.tunescope.store.TargetDescription;
import io.tunescope.tune.shop.ShopTarget;

import java.util.List;
import java.util.Map;

/**
 * The {@code summary.json} of a cluster comparison ({@code tunescope tune} with a {@code cluster:} section): the
 * tuning file, the bench, the modes and the search each got, the simulation's settings, the nodes failed on purpose
 * ({@code failures}: node name to the trial it dies in, the file's own names, hence a map), the shop's stack and the
 * online reconfiguration run (each null without one), how partitioning ran its tuners, the layout's size, cluster.json's
 * content ({@code result}), the wall time and the environment. It lives beside its writer because nothing reads it
 * back as a type: the comparison's figures are read from cluster.json ({@link ClusterResult}), and results.duckdb's
 * tables are made from this document's JSON.
 */
public record ClusterSummary(String tool, String tuningFile, String kind, String bench, List<String> modes,
                             int trialsPerMode, String strategy, long seed, ClusterFile.Simulation simulation,
                             Map<String, Integer> failures, TargetDescription shop, Reconfiguration reconfiguration,
                             String partitioning, int nodes, int lines, ClusterResult result, double wallSeconds,
                             RunEnvironment environment) {
    /** The tool every tuning directory's summary names, so that its header's type is {@code tuning}. */
    public static final String TOOL = "tunescope tune";
    public static final String KIND = "cluster";

    /** The summary of a comparison of {@code f} that found {@code result} in {@code wallSeconds} (to a tenth). */
    public static ClusterSummary of(ClusterFile f, ClusterResult result, double wallSeconds) {
        return new ClusterSummary(TOOL, f.source().toString(), KIND, f.bench().label(),
                f.modes().stream().map(x -> x.label()).toList(), f.settings().trials(), f.settings().strategy(),
                f.settings().seed(), f.simulation(), f.failures(),
                f.shop() == null ? null : new ShopTarget(f.shop()).describe(),
                f.reconfiguration() == null ? null : Reconfiguration.of(f.reconfiguration()),
                f.partitioning().processes() ? "processes" : "in-process", f.layout().nodes().size(),
                f.layout().lines().size(), result, Math.round(wallSeconds * 10) / 10.0, RunEnvironment.capture());
    }

    /** The online reconfiguration run's settings, durations in milliseconds. */
    public record Reconfiguration(int appNodes, int browseNodes, int browseCacheEntries, String mix, String mixChange,
                                  int browsers, double thinkScale, long rampUpMillis, long durationMillis,
                                  long windowMillis, long settleMillis, double hysteresis) {
        static Reconfiguration of(ClusterFile.Reconfiguration r) {
            return new Reconfiguration(r.appNodes(), r.browseNodes(), r.browseCacheEntries(), r.mix().label(),
                    r.mixChange() == null ? null : r.mixChange().label(), r.browsers(), r.thinkScale(),
                    r.rampUp().toMillis(), r.duration().toMillis(), r.window().toMillis(), r.settle().toMillis(),
                    r.hysteresis());
        }
    }
}
