package io.tunescope.report;

import io.tunescope.analysis.tune.TuningAnalysis;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.CrossApplyMatrix;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.Revalidated;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tunescope report DIR} on a tuning directory: the page of a tuning session (or of a session tuned for
 * several workloads) with each session's best, re-validated gain and verdict, its trial protocol (noise, races,
 * unstable configurations), convergence, the knob importance and the cross-apply matrix; each chart's data as CSV
 * under DIR/report/.
 */
public final class TuningReport {
    /** What was written: the page, how many charts, and the analysis itself. */
    public record Written(Path html, int charts, TuningAnalysis analysis) {
    }

    private TuningReport() {
    }

    public static Written write(Path dir) throws IOException {
        ResultsDir results = ResultsDir.of(dir);
        TuningAnalysis a = TuningAnalysis.load(dir);
        List<ReportChart> charts = TuningCharts.all(a);
        for (ReportChart chart : charts) {
            CsvFiles.write(results.chartData(chart.name()), chart);
        }
        Path file = results.reportPage();
        Json.writeTextAtomically(file, render(dir, a, charts));
        return new Written(file, charts.size(), a);
    }

    static String render(Path dir, TuningAnalysis a, List<ReportChart> charts) {
        Html h = new Html();
        h.raw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>tunescope tuning report: ")
                .raw(Html.escape(a.name())).raw("</title><style>").raw(HtmlReport.STYLE).raw("</style></head><body>\n");
        h.heading(1, "tunescope tuning report: " + a.name(), null);
        h.heading(2, "1. Sessions", "sessions");
        sessions(h, a);
        h.heading(2, "2. Trial protocol and verdict", "protocol");
        TuningProtocolSection.render(h, a);
        h.heading(2, "3. Convergence", "convergence");
        charts.stream().filter(c -> c.name().startsWith("convergence")).forEach(h::chart);
        h.heading(2, "4. Knob importance", "importance");
        charts.stream().filter(c -> c.name().equals("importance")).forEach(h::chart);
        if (a.matrix() != null) {
            h.heading(2, "5. Cross-apply matrix", "matrix");
            matrix(h, a.matrix());
            charts.stream().filter(c -> c.name().equals("matrix")).forEach(h::chart);
        }
        if (a.sessions().size() == 1) {
            TrialProfilesSection.render(h, dir, a.sessions().get(0).best(),
                    (a.matrix() == null ? "5" : "6") + ". Query profiles: default and best");
        }
        h.paragraph("Machine-readable results beside this page: summary.json, best.json, journal.jsonl"
                + (a.matrix() == null ? "" : ", matrix.json, workloads/*/") + ", report/*.csv.");
        return h.raw("</body></html>\n").toString();
    }

    private static void sessions(Html h, TuningAnalysis a) {
        List<List<Object>> rows = new ArrayList<>();
        for (TuningAnalysis.Session s : a.sessions()) {
            BestSoFar b = s.best();
            Revalidated r = b == null ? null : b.revalidated();
            rows.add(List.of(s.workload() == null ? "" : s.workload(), s.strategy() + ", seed " + s.seed(),
                    s.convergence().size(), s.failedTrials(),
                    b == null || b.defaultResult() == null ? "" : orEmpty(b.defaultResult().objective()),
                    b == null || b.best() == null ? "" : b.best().objective(), s.trialsToBest(),
                    r == null || r.improvementPercent() == null ? "not re-validated"
                            : r.improvementPercent() + " % " + r.improvementCi95() + " (" + r.runs() + " runs)",
                    b == null || b.verdict() == null ? "" : b.verdict()));
        }
        h.table(List.of("workload", "search", "trials", "failed", "default objective", "best trial objective",
                "trial reaching the best", "re-validated gain (95 % CI)", "verdict"), rows);
        h.raw("<p class=\"note\">").raw(Html.escape("The best trial's objective is the winner of many noisy trials "
                + "and flatters it; the re-validated gain comes from fresh runs of default and best, alternately. "
                + "An interval that includes 0 means no significant gain.")).raw("</p>\n");
        for (TuningAnalysis.Session s : a.sessions()) {
            if (s.best() != null && s.best().best() != null) {
                h.paragraph("Best configuration" + (s.workload() == null ? "" : " for " + s.workload()) + ": "
                        + s.best().best().config());
                if (s.best().snippet() != null && !s.best().snippet().isBlank()) {
                    h.raw("<pre>").raw(Html.escape(s.best().snippet())).raw("</pre>\n");
                }
            }
        }
    }

    private static void matrix(Html h, CrossApplyMatrix m) {
        List<String> header = new ArrayList<>(List.of("tuned for \\ measured on"));
        m.workloads().forEach(w -> header.add(w));
        List<List<Object>> rows = new ArrayList<>();
        for (String tunedFor : m.workloads()) {
            List<Object> row = new ArrayList<>(List.of(tunedFor));
            for (String on : m.workloads()) {
                CrossApplyMatrix.Cell c = m.cell(tunedFor, on);
                row.add(c.improvementPercent() == null ? "no successful run" : c.improvementPercent() + " % "
                        + c.improvementCi95() + (c.failedRuns() > 0 ? ", " + c.failedRuns() + " failed" : ""));
            }
            rows.add(row);
        }
        h.paragraph("Improvement of each workload's best configuration over the default on each workload ("
                + m.objective() + ", " + m.direction() + "; mean of " + m.runs() + " paired rounds with its 95 % "
                + "interval). The diagonal is each workload's own re-validation; off it, the cost or gain of "
                + "deploying a configuration tuned for another workload.");
        h.table(header, rows);
        if (m.sameConfigurationAs() != null) {
            List<String> same = new ArrayList<>();
            m.sameConfigurationAs().forEach((w, first) -> same.add(w + " = " + first));
            h.paragraph("Same best configuration (their rows measure one configuration): " + String.join(", ", same)
                    + ".");
        }
    }

    private static Object orEmpty(Double v) {
        return v == null ? "" : v;
    }
}
