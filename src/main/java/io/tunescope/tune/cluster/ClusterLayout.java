package io.tunescope.tune.cluster;

import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The nodes of a cluster, grouped into tiers and work lines; node names are unique. */
public record ClusterLayout(List<ClusterNode> nodes) {
    public ClusterLayout {
        if (nodes == null || nodes.isEmpty()) {
            throw BadInputException.of("nodes", nodes, "must hold at least one node");
        }
        nodes = List.copyOf(nodes);
        Set<String> seen = new HashSet<>();
        for (ClusterNode n : nodes) {
            if (!seen.add(n.name())) {
                throw BadInputException.of("node", n.name(), "appears twice; node names must be unique");
            }
        }
    }

    /** The tiers, in the order their first node appears. */
    public List<String> tiers() {
        Set<String> out = new LinkedHashSet<>();
        nodes.forEach(n -> out.add(n.tier()));
        return List.copyOf(out);
    }

    /** The work lines, in the order their first node appears. */
    public List<String> lines() {
        Set<String> out = new LinkedHashSet<>();
        nodes.forEach(n -> out.add(n.line()));
        return List.copyOf(out);
    }

    public List<ClusterNode> inTier(String tier) {
        return nodes.stream().filter(n -> n.tier().equals(tier)).toList();
    }

    public List<ClusterNode> inLine(String line) {
        return nodes.stream().filter(n -> n.line().equals(line)).toList();
    }

    public ClusterNode node(String name) {
        return nodes.stream().filter(n -> n.name().equals(name)).findFirst()
                .orElseThrow(() -> BadInputException.of("node", name, "is not in this cluster"));
    }

    /** This layout without {@code name} (a failed node, excluded from the rest of the tuning). */
    public ClusterLayout without(String name) {
        node(name);
        return new ClusterLayout(nodes.stream().filter(n -> !n.name().equals(name)).toList());
    }

    /** This layout with {@code move} applied: the node serves its new tier. */
    public ClusterLayout with(Move move) {
        ClusterNode n = node(move.node());
        if (!n.tier().equals(move.from())) {
            throw BadInputException.of("move", move, "starts from tier " + move.from() + " but " + n.name()
                    + " serves " + n.tier());
        }
        List<ClusterNode> out = new ArrayList<>();
        nodes.forEach(x -> out.add(x.name().equals(n.name()) ? x.inTier(move.to()) : x));
        return new ClusterLayout(out);
    }
}
