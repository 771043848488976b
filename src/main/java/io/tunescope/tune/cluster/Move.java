package io.tunescope.tune.cluster;

/** A node moved from one tier to another (cluster.json's {@code moves}). */
public record Move(String node, String from, String to) {
    public Move {
        ClusterNode.requireName("node", node);
        ClusterNode.requireName("from", from);
        ClusterNode.requireName("to", to);
    }
}
