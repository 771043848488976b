package io.tunescope.store;

import java.util.List;
import java.util.Map;

/**
 * {@code plan.json} ({@link ResultsDir#plan()}): the experiment plan as resolved and run, written when a plan run
 * starts and read back when one resumes into the same directory, to refuse mixing two plans' cells. The factors are
 * the plan's own names with their levels, and each listed cell the plan's factor names with a level, hence maps;
 * {@code cells} is null when the plan runs its full factorial.
 */
public record ResolvedPlan(String name, Base base, Map<String, List<String>> factors, int repetitions,
                           boolean randomOrder, long seed, List<Map<String, String>> cells) {

    /**
     * The plan's base run as echoed in plan.json and in the plan's summary.json: engine, size, users and tenants, the
     * workload, the worker limit, CPU lists, what bounds the run ({@code iterations} or {@code durationMillis}, the
     * other null), warm-up, the monitor's interval (null: no monitor) and exact mode, the seed and permutation.
     */
    public record Base(String engine, double scaleFactor, int users, int tenants, String workload,
                       String workerLimit, String cpus, Integer iterations, Long durationMillis, int warmup,
                       Long monitorIntervalMillis, boolean monitorExact, long seed, boolean permute) {
    }
}
