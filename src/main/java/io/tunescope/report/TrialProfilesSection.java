package io.tunescope.report;

import io.tunescope.store.BestSoFar;
import io.tunescope.store.Json;
import io.tunescope.store.QueryMetricsMean;
import io.tunescope.store.RunSummary;
import io.tunescope.store.TuningDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The queries' thread-level profiles under the default configuration and under the best trial's, side by side,
 * from the monitored runs a database target keeps beside each trial's log ({@code logs/trial-N-runs/summary.json};
 * the demo's session is one). Absent when the session ran no monitored runs (an external command, the shop).
 */
final class TrialProfilesSection {
    /** The default configuration is always a session's first trial. */
    private static final int DEFAULT_TRIAL = 1;
    private static final List<String> HEADER = List.of("query", "executions", "response ms", "worker CPU ms",
            "total CPU ms", "active workers", "context switches", "run delay ms");

    private TrialProfilesSection() {
    }

    /** Renders the section when the default's (and the best trial's) monitored runs are there; true if it did. */
    static boolean render(Html h, Path dir, BestSoFar best, String heading) {
        TuningDir tuning = TuningDir.of(dir);
        Map<String, QueryMetricsMean> byDefault = profiles(tuning, DEFAULT_TRIAL);
        if (byDefault.isEmpty()) {
            return false;
        }
        int bestTrial = best == null || best.best() == null ? DEFAULT_TRIAL : best.best().trial();
        Map<String, QueryMetricsMean> byBest = bestTrial == DEFAULT_TRIAL ? Map.of() : profiles(tuning, bestTrial);
        h.heading(2, heading, "profiles");
        h.paragraph("Each query's mean over its executions in the trial's monitored run, from the threads' own "
                + "counters: response time, CPU of the database's worker threads and of all its threads, how many "
                + "workers ran at once, context switches and time spent waiting for a CPU. "
                + (byBest.isEmpty() ? "Trial " + DEFAULT_TRIAL + ", the default configuration."
                : "Each cell reads: default (trial " + DEFAULT_TRIAL + ") / best (trial " + bestTrial + ")."));
        List<List<Object>> rows = new ArrayList<>();
        byDefault.forEach((query, d) -> rows.add(row(query, d, byBest.get(query))));
        h.table(HEADER, rows);
        return true;
    }

    private static List<Object> row(String query, QueryMetricsMean d, QueryMetricsMean b) {
        List<Object> row = new ArrayList<>();
        row.add(query);
        row.add(pair(d.executions(), b == null ? null : b.executions(), b != null));
        row.add(pair(d.responseMillis(), b == null ? null : b.responseMillis(), b != null));
        row.add(pair(d.workerCpuMillis(), b == null ? null : b.workerCpuMillis(), b != null));
        row.add(pair(d.totalCpuMillis(), b == null ? null : b.totalCpuMillis(), b != null));
        row.add(pair(d.activeWorkers(), b == null ? null : b.activeWorkers(), b != null));
        row.add(pair(d.contextSwitches(), b == null ? null : b.contextSwitches(), b != null));
        row.add(pair(d.runDelayMillis(), b == null ? null : b.runDelayMillis(), b != null));
        return row;
    }

    private static Object pair(Object d, Object b, boolean both) {
        return both ? Html.format(d) + " / " + Html.format(b) : d;
    }

    /** A trial's queries with their monitored metrics, by query in the run's order; empty when there are none. */
    private static Map<String, QueryMetricsMean> profiles(TuningDir tuning, int trial) {
        Path log = tuning.trialLog(trial);
        String name = log.getFileName().toString();
        Path summary = log.resolveSibling(name.substring(0, name.lastIndexOf('.')) + "-runs").resolve("summary.json");
        Map<String, QueryMetricsMean> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(summary)) {
            return out;
        }
        try {
            for (RunSummary.TenantSummary t : Json.read(summary, RunSummary.class).tenants()) {
                for (RunSummary.QuerySummary q : t.queries()) {
                    if (q.metrics() != null) {
                        out.putIfAbsent(q.query(), q.metrics());
                    }
                }
            }
        } catch (IOException e) {
            return Map.of();   // a run cut short leaves no readable summary: the section is left out
        }
        return out;
    }
}
