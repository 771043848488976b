package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.util.List;
import java.util.Map;

/**
 * cluster.json of {@code tunescope tune} with a {@code cluster:} section: each tuning mode's figures
 * (the issue's {@code mode}, {@code trials}, {@code bestWips}, {@code trialsTo95Percent}, {@code wipsStdDuringTuning},
 * and more), the reconfiguration run when there was one ({@link ReconfigurationRecord}; absent otherwise), what was compared and how
 * ({@code bench}: {@link ClusterBenchDescription}; absent when no mode ran).
 *
 * @param trialsTo95PercentOf how {@code trialsTo95Percent} is counted: the first trial reaching 95 % of
 *                            {@code referenceWips}, the best WIPS that any mode of this comparison measured
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterResult(List<Mode> modes, ReconfigurationRecord reconfiguration, String trialsTo95PercentOf,
                            Double referenceWips, int trialsPerMode, String strategy, long seed,
                            @JsonDeserialize(using = ClusterBenchDescription.Reader.class)
                            ClusterBenchDescription bench, List<Node> layout) {
    public ClusterResult {
        modes = List.copyOf(modes);
        layout = List.copyOf(layout);
    }

    /** This result with the reconfiguration run that followed the modes. */
    public ClusterResult withReconfiguration(ReconfigurationRecord run) {
        return new ClusterResult(modes, run, trialsTo95PercentOf, referenceWips, trialsPerMode, strategy, seed, bench,
                layout);
    }

    /**
     * One mode: trials run, the best single trial's WIPS (optimistic: noise picks winners), the first trial within
     * 95 % of the reference, the sample standard deviation of the cluster's WIPS over all its trials and over their
     * second half (as Chung and Hollingsworth's Table 4, "for the second 100 iterations"), the nodes it
     * excluded after they failed, the tuners it ran, the WIPS of every trial (null: failed) and each node's
     * configuration in the best trial.
     */
    public record Mode(String mode, int trials, Double bestWips, Integer trialsTo95Percent, Double wipsStdDuringTuning,
                       Double wipsStdSecondHalf, List<ExcludedNode> excludedNodes, List<Tuner> tuners, List<Double> wipsPerTrial,
                       Map<String, Map<String, Object>> bestConfigByNode, double wallSeconds) {
    }

    /**
     * A tuner of a mode: its name (all, a tier or a line), how many knobs it tunes, where its journal is and, under
     * duplication, its tier's representative node at the end (the first node of the tier still running; absent else).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Tuner(String name, int knobs, String journalDirectory, String representative, LineProcess process) {
        /** A tuner run inside the controller (no {@code process}). */
        public Tuner(String name, int knobs, String journalDirectory, String representative) {
            this(name, knobs, journalDirectory, representative, null);
        }
    }

    /**
     * A work line's tuner run as a process of its own ({@code partitioning: processes}): its study in the study
     * store, its pid, its exit code (-1: killed at the end, still running), the rounds it posted and the trials its
     * study holds, and, when it stopped early, why (its nodes then kept their last configuration).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LineProcess(String study, long pid, int exitCode, int roundsPosted, int trialsInStudy,
                              String stoppedEarly) {
    }

    /** A node that failed during tuning, at which trial, and why; left out of every later trial. */
    public record ExcludedNode(String node, String tier, String line, int trial, String reason) {
    }

    /** A node of the layout. */
    public record Node(String name, String tier, String line) {
    }
}
