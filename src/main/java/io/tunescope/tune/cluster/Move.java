package io.tunescope.tune.cluster;

import java.util.Locale;

/**
 * A node moved from one tier to another (cluster.json's {@code moves}), and what the move does to the node
 * ({@link Kind}): a move made by the reconfiguration rule is a {@link Kind#TIER} move until the cluster says its two
 * tiers run different software.
 */
public record Move(String node, String from, String to, Kind kind) {
    /** What a move does to the node. */
    public enum Kind {
        /** The node keeps its role (an application node stays one) and serves another tier's requests. */
        TIER,
        /** The node stops its role and starts the other tier's on the same slot (a proxy becomes an application node). */
        ROLE;

        /** The kind as the records write it: {@code tier} or {@code role}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Move {
        ClusterNode.requireName("node", node);
        ClusterNode.requireName("from", from);
        ClusterNode.requireName("to", to);
        if (kind == null) {
            throw new IllegalArgumentException("a move needs its kind");
        }
    }

    /** A move that keeps the node's role. */
    public Move(String node, String from, String to) {
        this(node, from, to, Kind.TIER);
    }

    /** The same move, of {@code newKind}. */
    public Move withKind(Kind newKind) {
        return new Move(node, from, to, newKind);
    }
}
