package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * Where default and best differ in a session's re-validation runs (best.json's {@code explanation}): per query or
 * transaction its mean response time and the thread monitor's metrics of its executions, per thread role its
 * threads, CPU, run-queue delay and context switches; each value the median over the runs of that configuration.
 * {@code findings} says it in sentences, the largest differences first, and whether the gain lies in waiting for a
 * CPU (the machine) rather than in the work done.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VerdictExplanation(int defaultRuns, int bestRuns, List<QueryDifference> queries,
                                 List<RoleDifference> roles, List<String> findings) {
    public VerdictExplanation {
        queries = List.copyOf(queries);
        roles = List.copyOf(roles);
        findings = List.copyOf(findings);
    }

    /** One query or transaction: mean response time, worker CPU and run-queue delay per execution, workers. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record QueryDifference(String query, Pair responseMillis, Pair workerCpuMillis, Pair runDelayMillis,
                                  Pair activeWorkers) {
    }

    /** One thread role over the measured window: threads seen, CPU in cores, delay and switches per second. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RoleDifference(String role, Pair threads, Pair cpuCores, Pair runDelayMillisPerSecond,
                                 Pair switchesPerSecond) {
    }

    /** A value under the default and under the best, and the change from one to the other in percent. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Pair(Double defaultValue, Double bestValue, Double changePercent) {
        public static Pair of(Double defaultValue, Double bestValue) {
            Double change = defaultValue == null || bestValue == null || defaultValue == 0 ? null
                    : Math.round((bestValue - defaultValue) / defaultValue * 1000) / 10.0;
            return new Pair(round(defaultValue), round(bestValue), change);
        }

        private static Double round(Double v) {
            return v == null ? null : Math.round(v * 1000) / 1000.0;
        }
    }
}
