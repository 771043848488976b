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
            queries.add(row(q.query(), q.responseMillis(), q.workerCpuMillis(), q.runDelayMillis(), q.activeWorkers()));
        }
        h.table(List.of("query", "response ms, default", "best", "change %", "worker CPU ms, default", "best",
                "change %", "run-queue delay ms, default", "best", "change %", "active workers, default", "best",
                "change %"), queries);
        List<List<Object>> roles = new ArrayList<>();
        for (VerdictExplanation.RoleDifference r : e.roles()) {
            roles.add(row(r.role(), r.threads(), r.cpuCores(), r.runDelayMillisPerSecond(), r.switchesPerSecond()));
        }
        h.table(List.of("thread role", "threads, default", "best", "change %", "CPU cores, default", "best",
                "change %", "run-queue delay ms/s, default", "best", "change %", "context switches/s, default",
                "best", "change %"), roles);
    }

    /** A table row: its name, then default, best and change of each pair (blank where unknown). */
    private static List<Object> row(String name, Pair... pairs) {
        List<Object> row = new ArrayList<>(List.of(name));
        for (Pair p : pairs) {
            addPair(row, p);
        }
        return row;
    }

    private static void addPair(List<Object> row, Pair p) {
        row.add(p == null || p.defaultValue() == null ? "" : p.defaultValue());
        row.add(p == null || p.bestValue() == null ? "" : p.bestValue());
        row.add(p == null || p.changePercent() == null ? "" : p.changePercent());
    }
}
