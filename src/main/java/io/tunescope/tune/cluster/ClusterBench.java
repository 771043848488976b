package io.tunescope.tune.cluster;

import io.tunescope.store.ClusterBenchDescription;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.SearchSpace;

import java.nio.file.Path;
import java.util.Map;

/**
 * A cluster the tuning modes can measure: the web shop's stack on this machine, or a model of a larger one. One
 * measurement applies a configuration to every node at once (warm-up, measure, cool-down) and reports the total and
 * per-line WIPS. Implementations report a node that failed in {@link ClusterMeasurement#failedNodes()} and keep
 * serving with the rest when measured again with a layout that excludes it.
 */
public interface ClusterBench extends AutoCloseable {
    /** The nodes as they stand now. */
    ClusterLayout layout();

    /** The knobs of one node of {@code tier}, with their defaults. */
    SearchSpace nodeSpace(String tier);

    /**
     * Measures the cluster with each node of {@code layout} set to its configuration in {@code configByNode} (every
     * node of the layout has one; nodes outside the layout are not run).
     *
     * @param log a directory for this measurement's diagnostics
     */
    ClusterMeasurement measure(ClusterLayout layout, Map<String, Configuration> configByNode, Path log)
            throws InterruptedException;

    /** What this bench is, for cluster.json. */
    ClusterBenchDescription describe();

    @Override
    void close();
}
