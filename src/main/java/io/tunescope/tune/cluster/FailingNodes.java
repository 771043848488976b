package io.tunescope.tune.cluster;

import io.tunescope.store.ClusterBenchDescription;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.SearchSpace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A bench whose nodes fail on a schedule (fault injection): node {@code n} dies during the measurement numbered
 * {@code failAtMeasurement.get(n)} (from 1) of this bench. That measurement is served by the remaining nodes and
 * reports the node in {@link ClusterMeasurement#failedNodes()}; if the caller keeps measuring it, it stays down.
 */
public final class FailingNodes implements ClusterBench {
    private final ClusterBench inner;
    private final Map<String, Integer> failAtMeasurement;
    private final Set<String> down = new HashSet<>();
    private int measurements;

    public FailingNodes(ClusterBench inner, Map<String, Integer> failAtMeasurement) {
        this.inner = inner;
        this.failAtMeasurement = Map.copyOf(failAtMeasurement);
        failAtMeasurement.keySet().forEach(n -> inner.layout().node(n));
    }

    @Override
    public ClusterLayout layout() {
        return inner.layout();
    }

    @Override
    public SearchSpace nodeSpace(String tier) {
        return inner.nodeSpace(tier);
    }

    @Override
    public ClusterMeasurement measure(ClusterLayout layout, Map<String, Configuration> configByNode, Path log)
            throws InterruptedException {
        measurements++;
        List<String> failedNow = new ArrayList<>();
        failAtMeasurement.forEach((node, at) -> {
            if (at <= measurements && down.add(node)) {
                failedNow.add(node);
            }
        });
        ClusterLayout serving = layout;
        for (String n : down) {
            if (serving.nodes().size() > 1 && serving.nodes().stream().anyMatch(x -> x.name().equals(n))) {
                serving = serving.without(n);
            }
        }
        Map<String, Configuration> configs = new LinkedHashMap<>(configByNode);
        configs.keySet().retainAll(serving.nodes().stream().map(ClusterNode::name).toList());
        ClusterMeasurement m = inner.measure(serving, configs, log);
        List<String> failed = new ArrayList<>(m.failedNodes());
        failedNow.stream().filter(n -> layout.nodes().stream().anyMatch(x -> x.name().equals(n)))
                .forEach(failed::add);
        return new ClusterMeasurement(m.wips(), m.wipsByLine(), failed, m.error(), m.elapsedMillis());
    }

    @Override
    public ClusterBenchDescription describe() {
        return inner.describe().failing(failAtMeasurement);
    }

    @Override
    public void close() {
        inner.close();
    }
}
