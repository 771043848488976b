package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.nio.file.Path;
import java.util.Map;

/**
 * The summary.json of a tuning file with {@code workloads:} (a database's TPC-H workloads or the shop's mixes): the
 * search settings, each workload with its directory and best, the cross-apply matrix (null when a workload has no
 * successful trial), the wall time and the environment. {@code tool} is what {@link Documents} types it by.
 */
public record WorkloadsSummary(String tool, String tuningFile, String engine,
                               @JsonInclude(JsonInclude.Include.NON_NULL)
                               @JsonDeserialize(using = TargetDescription.Reader.class) TargetDescription target,
                               String objective, String strategy, long seed, int budget,
                               Map<String, Workload> workloads, CrossApplyMatrix matrix, double wallSeconds,
                               RunEnvironment environment) {
    public static final String TOOL = "tunescope tune";

    /**
     * A summary of this process's environment, its wall time to a tenth of a second; {@code target} is the shop
     * stack's description (null for a database, whose workloads say all of it).
     */
    public static WorkloadsSummary of(Path tuningFile, String engine, TargetDescription target, String objective,
                                      Search search, Map<String, Workload> workloads, CrossApplyMatrix matrix,
                                      double wallSeconds) {
        return new WorkloadsSummary(TOOL, tuningFile.toString(), engine, target, objective, search.strategy(),
                search.seed(), search.budget(), workloads, matrix, Math.round(wallSeconds * 10) / 10.0,
                RunEnvironment.capture());
    }

    /** The search settings the summary echoes. */
    public record Search(String strategy, long seed, int budget) {
    }

    /**
     * One workload: what it runs (a database's {@code workload}, {@code users} and {@code scaleFactor}, or the
     * shop's {@code mix} and {@code browsers}; the other kind's fields are left out), its directory relative to the
     * tuning directory, and its best.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Workload(String workload, Integer users, Double scaleFactor, String mix, Integer browsers,
                           String directory, BestSoFar best) {

        public static Workload database(String name, String workload, int users, double scaleFactor,
                                        BestSoFar best) {
            return new Workload(workload, users, scaleFactor, null, null, directoryOf(name), best);
        }

        public static Workload shop(String name, String mix, int browsers, BestSoFar best) {
            return new Workload(null, null, null, mix, browsers, directoryOf(name), best);
        }

        private static String directoryOf(String name) {
            return TuningDir.of(Path.of("")).workload(name).root().toString();
        }
    }
}
