package io.tunescope.store;

import java.util.List;
import java.util.Map;

/**
 * An online reconfiguration run, as cluster.json's {@code reconfiguration} object: {@code before} and {@code after}
 * (the WIPS of the window before the first move and of the window after the last move made in the same mix phase;
 * null without a move) and {@code moves} (the moves that succeeded), and more: each move's own windows
 * ({@code steps}), every window watched ({@code windows}), the nodes that failed and were excluded, and the rule.
 */
public record ReconfigurationRecord(Wips before, Wips after, List<MoveRecord> moves, List<Step> steps,
                                    List<Window> windows, List<FailedNode> failedNodes, String rule,
                                    String imbalanceMeasure, double hysteresis, double windowSeconds,
                                    double settleSeconds, String mixChange, String error) {
    public ReconfigurationRecord {
        moves = List.copyOf(moves);
        steps = List.copyOf(steps);
        windows = List.copyOf(windows);
        failedNodes = List.copyOf(failedNodes);
    }

    /** Completed web interactions per second over one window. */
    public record Wips(double wips) {
    }

    /**
     * A node moved from one tier to another; {@code kind} {@code tier} when it kept its role, {@code role} when it
     * stopped one role and started the other (a proxy became an application node, or back).
     */
    public record MoveRecord(String node, String from, String to, String kind) {
        /** A move that kept the node's role. */
        public MoveRecord(String node, String from, String to) {
            this(node, from, to, "tier");
        }
    }

    /**
     * One move: the WIPS of the window before it and of a window as long after it (after {@code settleSeconds}),
     * whether both windows lie in the same mix phase (only then do they compare), the mix phase of each, when the
     * move started (seconds after the run's start), how long it took, whether it succeeded, why the rule made it,
     * and its kind ({@code tier} or {@code role}, as {@link MoveRecord}'s).
     */
    public record Step(String node, String from, String to, double beforeWips, Double afterWips, boolean samePhase,
                       String phaseBefore, String phaseAfter, double atSeconds, double moveSeconds, boolean ok,
                       String reason, String kind) {
    }

    /**
     * One watched window: its start (seconds after the run's start), length, mix phase, each tier's utilization
     * (CPU of its nodes' threads / (window x nodes)), its nodes, the WIPS and the rule's verdict.
     */
    public record Window(double atSeconds, double seconds, String phase, Map<String, Double> utilization,
                         Map<String, Integer> nodes, double wips, String decision) {
    }

    /** A node excluded: when, during what (a move, or serving), and why. */
    public record FailedNode(String node, double atSeconds, String during, String reason) {
    }
}
