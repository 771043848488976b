package io.tunescope.tune.cluster;

import io.tunescope.BadInputException;

/**
 * One node of a cluster: its name ({@code app3}), the tier it serves ({@code proxy}, {@code app}, ...) and the work
 * line it belongs to ({@code line1}: one node per tier serving its own share of the requests).
 */
public record ClusterNode(String name, String tier, String line) {
    public ClusterNode {
        requireName("node", name);
        requireName("tier", tier);
        requireName("line", line);
    }

    static void requireName(String field, String value) {
        if (value == null || !value.matches("[a-z][a-z0-9_-]{0,31}")) {
            throw BadInputException.of(field, value, "must be 1 to 32 lower-case letters, digits, '_' or '-', "
                    + "starting with a letter");
        }
    }

    /** The same node serving {@code newTier} (a move between tiers keeps its name and work line). */
    public ClusterNode inTier(String newTier) {
        return new ClusterNode(name, newTier, line);
    }
}
