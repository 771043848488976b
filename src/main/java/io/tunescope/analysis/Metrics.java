package io.tunescope.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The per-query metrics a profile is built from. With the thread monitor's metrics in summary.json, the study's
 * set (response and processing time, active workers, run/sleep ratio and jumps, worker and total CPU, CPU jumps,
 * context switches); without them, response time and rows only.
 */
public final class Metrics {
    public static final String RESPONSE = "responseMillis";
    public static final String ROWS = "rows";
    public static final List<String> MONITOR = List.of("responseMillis", "processingMillis", "activeWorkers",
            "rsRatio", "rsJumps", "workerCpuMillis", "totalCpuMillis", "cpuJumps", "contextSwitches", "runDelayMillis");
    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("responseMillis", "response time"), Map.entry("processingMillis", "processing time"),
            Map.entry("activeWorkers", "workers"), Map.entry("rsRatio", "run/sleep ratio"),
            Map.entry("rsJumps", "sleeps"), Map.entry("workerCpuMillis", "worker CPU"),
            Map.entry("totalCpuMillis", "total CPU"), Map.entry("cpuJumps", "CPU jumps"),
            Map.entry("contextSwitches", "context switches"), Map.entry("rows", "rows (log10)"),
            Map.entry("runDelayMillis", "run-queue wait"));

    private Metrics() {
    }

    /** The metrics present in {@code data}: the monitor's where any cell has them, else response time and rows. */
    public static List<String> available(ExperimentData data) {
        List<String> present = new ArrayList<>();
        for (String m : MONITOR) {
            boolean any = data.cells().stream().flatMap(c -> c.queries().values().stream())
                    .anyMatch(q -> q.metrics().get(m) != null);
            if (any && !m.equals(RESPONSE)) {
                present.add(m);
            }
        }
        List<String> result = new ArrayList<>(List.of(RESPONSE));
        if (present.isEmpty()) {
            result.add(ROWS);
        } else {
            result.addAll(present);
        }
        return result;
    }

    public static boolean monitored(ExperimentData data) {
        return !available(data).contains(ROWS);
    }

    /** The value of {@code metric} for one query in one cell, or null when not measured. */
    public static Double value(QueryMeasure m, String metric) {
        return switch (metric) {
            case RESPONSE -> m.responseMillis();
            // rows span 1 to millions: on a log scale one huge result does not flatten every other query to 0
            case ROWS -> m.rows() == null ? null : Math.log10(1 + m.rows());
            default -> m.metrics().get(metric);
        };
    }

    /** Plain words for a metric, for explanations ("worker CPU"). */
    public static String words(String metric) {
        return WORDS.getOrDefault(metric, metric);
    }
}
