package io.tunescope.tune.reconfigure;

import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.Move;
import java.time.Duration;
import java.util.Map;

/**
 * A running cluster whose nodes can change tiers while it serves (the online half of node reconfiguration): it
 * reports each tier's utilization as measured by the thread-level monitor, and the WIPS over a window.
 */
public interface ReconfigurableCluster {
    ClusterLayout layout();

    /** Each tier's mean utilization over the last {@code window}: CPU time of its nodes' threads / (window × nodes). */
    Map<String, Double> tierUtilization(Duration window) throws InterruptedException;

    /** Completed interactions per second over the last {@code window}. */
    double wips(Duration window) throws InterruptedException;

    /**
     * What a move from tier {@code from} to tier {@code to} does to a node: by default it keeps its role; a cluster
     * whose tiers run different software (a proxy tier beside application tiers) says {@link Move.Kind#ROLE}.
     */
    default Move.Kind kindOf(String from, String to) {
        return Move.Kind.TIER;
    }

    /** Stops {@code move.node()} serving its tier, reconfigures it for {@code move.to()} and puts it back in service. */
    void move(Move move) throws InterruptedException;
}
