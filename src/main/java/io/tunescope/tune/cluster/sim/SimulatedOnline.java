package io.tunescope.tune.cluster.sim;

import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.Move;
import io.tunescope.tune.reconfigure.ReconfigurableCluster;
import io.tunescope.tune.space.Configuration;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A simulated cluster serving with fixed configurations whose nodes can be moved between tiers (the model's side of
 * node reconfiguration): utilization and WIPS come from {@link ClusterModel} without noise, and a moved node takes the
 * configuration of a node already in its new tier (reconfigured for its new role), keeping its work line. A line
 * left without a proxy sends its requests straight to its application nodes (no cache).
 */
public final class SimulatedOnline implements ReconfigurableCluster {
    private final SimulatedCluster sim;
    private ClusterLayout layout;
    private final Map<String, Configuration> config;

    public SimulatedOnline(SimulatedCluster sim, Map<String, Configuration> configByNode) {
        this.sim = sim;
        this.layout = sim.layout();
        this.config = new LinkedHashMap<>(configByNode);
    }

    @Override
    public ClusterLayout layout() {
        return layout;
    }

    @Override
    public Map<String, Double> tierUtilization(Duration window) {
        Map<String, Double> byNode = new LinkedHashMap<>();
        sim.modelled(layout, config).values().forEach(l -> byNode.putAll(l.utilization()));
        Map<String, Double> out = new LinkedHashMap<>();
        for (String tier : layout.tiers()) {
            out.put(tier, layout.inTier(tier).stream().mapToDouble(n -> byNode.getOrDefault(n.name(), 0.0))
                    .average().orElse(0));
        }
        return out;
    }

    /** Each node's utilization (busy share of its cores). */
    public Map<String, Double> nodeUtilization() {
        Map<String, Double> byNode = new LinkedHashMap<>();
        sim.modelled(layout, config).values().forEach(l -> byNode.putAll(l.utilization()));
        return byNode;
    }

    @Override
    public double wips(Duration window) {
        return sim.modelledWips(layout, config);
    }

    @Override
    public void move(Move move) {
        ClusterLayout next = layout.with(move);
        Configuration role = layout.inTier(move.to()).stream().findFirst().map(n -> config.get(n.name()))
                .orElseGet(() -> sim.nodeSpace(move.to()).defaultConfiguration().orElseThrow());
        config.put(move.node(), role);
        layout = next;
    }
}
