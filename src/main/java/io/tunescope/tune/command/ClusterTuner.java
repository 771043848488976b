package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.store.ClusterResult;
import io.tunescope.store.Json;
import io.tunescope.store.RunEnvironment;
import io.tunescope.store.TuningDir;
import io.tunescope.tune.cluster.ClusterBench;
import io.tunescope.tune.cluster.ClusterComparison;
import io.tunescope.tune.cluster.FailingNodes;
import io.tunescope.tune.cluster.SimulatedCluster;
import io.tunescope.tune.cluster.TuningMode;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code tunescope tune FILE --out D} for a file with a {@code cluster:} section: compares the tuning modes on fresh
 * benches of the same cluster and writes {@code D/cluster.json}, {@code D/summary.json}, the chart of WIPS per trial
 * and, per mode, one journal directory per tuner ({@code D/<mode>/tuners/<name>}).
 */
public final class ClusterTuner {
    private ClusterTuner() {
    }

    public static ClusterComparison.Result run(ClusterFile f, Path outDir, Progress progress)
            throws InterruptedException {
        long start = System.nanoTime();
        ClusterComparison.Result r;
        if (f.partitioning().processes() && f.modes().contains(TuningMode.PARTITIONING)) {
            r = ClusterProcesses.run(f, outDir, progress);
        } else {
            r = ClusterComparison.run(benches(f), f.modes(), f.settings(), outDir, progress);
        }
        Json.writeAtomically(TuningDir.of(outDir).summary(), summary(f, r.result(), (System.nanoTime() - start) / 1e9));
        return r;
    }

    /**
     * A fresh bench per mode, so that each mode meets the same noise sequence and the same injected failures. The
     * shop's stack is the second bench (issue 13, part L): its {@code ClusterBench} plugs in here.
     */
    static Supplier<ClusterBench> benches(ClusterFile f) {
        return switch (f.bench()) {
            case SIMULATED -> () -> {
                ClusterFile.Simulation s = f.simulation();
                ClusterBench sim = new SimulatedCluster(f.layout(), s.calibration(), s.browsers(), s.thinkMillis(),
                        s.noisePercent(), f.settings().seed());
                return f.failures().isEmpty() ? sim : new FailingNodes(sim, f.failures());
            };
            case SHOP -> throw BadInputException.of("cluster.bench", "shop", "is not available yet in this build: "
                    + "the shop stack's cluster bench is still to be wired in (use bench: simulated)");
        };
    }

    private static Map<String, Object> summary(ClusterFile f, ClusterResult result, double wallSeconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tool", "tunescope tune");
        m.put("tuningFile", f.source().toString());
        m.put("kind", "cluster");
        m.put("bench", f.bench().label());
        m.put("modes", f.modes().stream().map(x -> x.label()).toList());
        m.put("trialsPerMode", f.settings().trials());
        m.put("strategy", f.settings().strategy());
        m.put("seed", f.settings().seed());
        m.put("simulation", f.simulation());
        m.put("failures", f.failures());
        m.put("partitioning", f.partitioning().processes() ? "processes" : "in-process");
        m.put("nodes", f.layout().nodes().size());
        m.put("lines", f.layout().lines().size());
        m.put("result", result);
        m.put("wallSeconds", Math.round(wallSeconds * 10) / 10.0);
        m.put("environment", RunEnvironment.capture());
        return m;
    }
}
