package io.tunescope.tune.cluster;

import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Layouts from counts: {@code lines} work lines and so many nodes per tier, named {@code <tier><i>}. */
public final class Layouts {
    private Layouts() {
    }

    /**
     * The i-th node of a tier (from 1) serves line {@code ((i - 1) mod lines) + 1}, so each line gets at least one
     * node of each tier (a tier needs at least {@code lines} nodes) and the rest are spread evenly.
     */
    public static ClusterLayout of(int lines, Map<String, Integer> nodesPerTier) {
        if (lines < 1) {
            throw BadInputException.of("lines", lines, "must be at least 1");
        }
        if (nodesPerTier.isEmpty()) {
            throw BadInputException.of("nodesPerTier", nodesPerTier, "must name at least one tier");
        }
        List<ClusterNode> nodes = new ArrayList<>();
        nodesPerTier.forEach((tier, count) -> {
            if (count == null || count < lines) {
                throw BadInputException.of("nodesPerTier." + tier, count, "must be at least the number of lines ("
                        + lines + "): each work line has a node of every tier");
            }
            for (int i = 1; i <= count; i++) {
                nodes.add(new ClusterNode(tier + i, tier, "line" + ((i - 1) % lines + 1)));
            }
        });
        return new ClusterLayout(nodes);
    }
}
