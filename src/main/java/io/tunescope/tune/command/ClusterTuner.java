package io.tunescope.tune.command;

import io.tunescope.store.ResultsDatabase;
import io.tunescope.Progress;
import io.tunescope.store.ClusterResult;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;
import io.tunescope.tune.cluster.ClusterBench;
import io.tunescope.tune.cluster.ClusterComparison;
import io.tunescope.tune.cluster.FailingNodes;
import io.tunescope.tune.cluster.sim.SimulatedCluster;
import io.tunescope.store.ReconfigureSummary;
import io.tunescope.tune.reconfigure.ShopReconfiguration;
import io.tunescope.tune.cluster.TuningMode;
import io.tunescope.tune.shop.ShopClusterBench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
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
            r = ClusterComparison.run(benches(f, outDir, progress), f.modes(), f.settings(), outDir, progress);
        }
        if (f.reconfiguration() != null) {
            r = reconfigure(f, r, outDir, progress);
        }
        ResultsDatabase.writeWithSummary(TuningDir.of(outDir).summary(), ClusterSummary.of(f, r.result(),
                (System.nanoTime() - start) / 1e9), java.util.List.of());
        return r;
    }

    /**
     * The online reconfiguration run after the modes (cluster.json has the modes' figures before it starts, so a
     * failure here loses none of them): {@code shop reconfigure} on the file's store, its record in cluster.json.
     */
    private static ClusterComparison.Result reconfigure(ClusterFile f, ClusterComparison.Result r, Path outDir,
                                                        Progress progress) throws InterruptedException {
        ReconfigureSummary run;
        try {
            run = ShopReconfiguration.run(f.reconfiguration().config(f.shop(), TuningDir.of(outDir).clusterReconfiguration()),
                    progress);
        } catch (IOException e) {
            throw new UncheckedIOException("reconfiguration run: " + e.getMessage(), e);
        } catch (SQLException e) {
            throw new IllegalStateException("reconfiguration run: " + e.getMessage(), e);
        }
        ClusterResult withRun = r.result().withReconfiguration(run.reconfiguration());
        Json.writeAtomically(TuningDir.of(outDir).cluster(), withRun);
        return new ClusterComparison.Result(withRun, r.outcomes());
    }

    /**
     * A fresh bench per mode, so that each mode meets the same noise sequence and the same injected failures; on the
     * shop's stack, a fresh database populated from the same seed ({@code D/<mode>/stack}), in the order of the modes.
     */
    static Supplier<ClusterBench> benches(ClusterFile f, Path outDir, Progress progress) {
        return switch (f.bench()) {
            case SIMULATED -> () -> {
                ClusterFile.Simulation s = f.simulation();
                ClusterBench sim = new SimulatedCluster(f.layout(), s.calibration(), s.browsers(), s.thinkMillis(),
                        s.noisePercent(), f.settings().seed());
                return f.failures().isEmpty() ? sim : new FailingNodes(sim, f.failures());
            };
            case SHOP -> {
                AtomicInteger next = new AtomicInteger();
                yield () -> {
                    TuningMode mode = f.modes().get(Math.min(next.getAndIncrement(), f.modes().size() - 1));
                    ClusterBench shop = startShop(f, TuningDir.of(outDir).clusterStack(mode.label()), progress);
                    return f.failures().isEmpty() ? shop : new FailingNodes(shop, f.failures());
                };
            }
        };
    }

    private static ClusterBench startShop(ClusterFile f, Path dir, Progress progress) {
        try {
            return ShopClusterBench.start(f.shop(), f.layout().lines().size(), null, dir, progress);
        } catch (IOException e) {
            throw new UncheckedIOException("shop stack: " + e.getMessage(), e);
        } catch (SQLException e) {
            throw new IllegalStateException("shop stack: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while the shop's database was populated");
        }
    }
}
