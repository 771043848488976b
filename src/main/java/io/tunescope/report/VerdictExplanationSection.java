package io.tunescope.report;

import io.tunescope.store.VerdictExplanation;
import io.tunescope.store.VerdictExplanation.Pair;

import java.util.ArrayList;
import java.util.List;

/**
 * Why the winner wins, or that a "gain" was the machine: the findings of a session's {@link VerdictExplanation} and
 * its tables per query and per thread role (medians over the monitored re-validation runs of default and best).
 */
final class VerdictExplanationSection {
    private VerdictExplanationSection() {
    }

    static void render(Html h, VerdictExplanation e) {
        if (e == null) {
            return;
        }
        h.paragraph(String.format(java.util.Locale.ROOT, "Where default and best differ (medians over %d monitored "
                + "re-validation runs of the default and %d of the best):", e.defaultRuns(), e.bestRuns()));
        for (String finding : e.findings()) {
            h.paragraph(finding);
        }
        List<List<Object>> queries = new ArrayList<>();
        for (VerdictExplanation.QueryDifference q : e.queries()) {
            List<Object> row = new ArrayList<>(List.of(q.query()));
            for (Pair p : List.of(q.responseMillis(), q.workerCpuMillis(), q.runDelayMillis(), q.activeWorkers())) {
                addPair(row, p);
            }
            queries.add(row);
        }
        h.table(List.of("query", "response ms, default", "best", "change %", "worker CPU ms, default", "best",
                "change %", "run-queue delay ms, default", "best", "change %", "active workers, default", "best",
                "change %"), queries);
        List<List<Object>> roles = new ArrayList<>();
        for (VerdictExplanation.RoleDifference r : e.roles()) {
            List<Object> row = new ArrayList<>(List.of(r.role()));
            for (Pair p : List.of(r.threads(), r.cpuCores(), r.runDelayMillisPerSecond(), r.switchesPerSecond())) {
                addPair(row, p);
            }
            roles.add(row);
        }
        h.table(List.of("thread role", "threads, default", "best", "change %", "CPU cores, default", "best",
                "change %", "run-queue delay ms/s, default", "best", "change %", "context switches/s, default",
                "best", "change %"), roles);
    }

    private static void addPair(List<Object> row, Pair p) {
        row.add(p == null || p.defaultValue() == null ? "" : p.defaultValue());
        row.add(p == null || p.bestValue() == null ? "" : p.bestValue());
        row.add(p == null || p.changePercent() == null ? "" : p.changePercent());
    }
}
