package io.tunescope.report;

import io.tunescope.analysis.CrossEnginePrediction;
import io.tunescope.analysis.ExperimentAnalysis;
import io.tunescope.analysis.GroupAnalysis;
import io.tunescope.analysis.StudyGroups;
import io.tunescope.analysis.Prediction;
import io.tunescope.analysis.ScenarioComparison;
import io.tunescope.store.PlanSummary;
import io.tunescope.store.RunEnvironment;
import io.tunescope.store.SummaryDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Lays out the report page: overview, profiles, groups, comparisons, prediction, each with its charts and tables. */
final class HtmlReport {
    static final String STYLE = "body{font-family:sans-serif;max-width:1180px;margin:2em auto;color:#222}"
            + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;"
            + "text-align:left}td.n{text-align:right}th{background:#eef}figure{margin:1.5em 0}"
            + "img{max-width:100%;border:1px solid #ddd}figcaption{font-size:90%;color:#555}"
            + "code{background:#f4f4f4}.note{background:#fff8e0;padding:.5em;border-left:4px solid #e0b000}";

    private HtmlReport() {
    }

    static String render(ExperimentAnalysis a, SummaryDocument summary, Charts charts,
                         CrossEnginePrediction.Report cross) {
        Html h = new Html();
        h.raw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>tunescope report: ")
                .raw(Html.escape(a.data().name())).raw("</title><style>").raw(STYLE).raw("</style></head><body>\n");
        h.heading(1, "tunescope experiment report: " + a.data().name(), null);
        overview(h, a, summary);
        h.heading(2, "1. Query resource profiles", "profiles");
        charts.profiles().forEach(h::chart);
        h.heading(2, "2. Query groups", "groups");
        groups(h, a.groups());
        charts.groups().forEach(h::chart);
        h.heading(2, "3. Scenario comparisons", "comparisons");
        comparisons(h, a);
        charts.comparisons().forEach(h::chart);
        h.heading(2, "4. Prediction of unmeasured scenarios", "prediction");
        prediction(h, a.prediction());
        charts.prediction().forEach(h::chart);
        if (cross != null) {
            h.heading(2, "5. Prediction across engines", "cross-engine");
            CrossEngineCharts.section(h, cross, charts.crossEngine().get(0));
        }
        if (DatabaseViewSection.applies(summary)) {
            DatabaseViewSection.render(h, summary, cross == null ? "5" : "6");
        }
        h.paragraph("Machine-readable results beside this page: summary.json, profiles.json, groups.json, "
                + "comparisons.json, group-changes.json, prediction.json" + (cross == null ? "" : ", cross-engine.json")
                + ", report/*.csv.");
        return h.raw("</body></html>\n").toString();
    }

    private static void overview(Html h, ExperimentAnalysis a, SummaryDocument s) {
        PlanSummary plan = s instanceof PlanSummary p ? p : null;
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of("cells analyzed", a.data().cells().size() + " of " + (plan == null ? 1 : plan.cellsTotal())));
        rows.add(List.of("scenarios", a.data().scenarios().size()));
        rows.add(List.of("repetitions", a.data().repetitions().size()));
        rows.add(List.of("queries", a.data().queries().size()));
        rows.add(List.of("factors", a.data().factors().toString()));
        rows.add(List.of("metrics in the profile", String.join(", ", a.metrics())));
        rows.add(List.of("thread monitor", orElse(plan == null ? null : plan.monitor(), a.monitored() ? "on" : "off")));
        rows.add(List.of("SMT", orElse(plan == null ? null : plan.smt(), "unknown")));
        rows.add(List.of("machine", machine(s.environment())));
        h.table(List.of("", ""), rows);
        if (!a.monitored()) {
            h.raw("<p class=\"note\">").raw(Html.escape("These runs carry no thread-monitor metrics: profiles, groups "
                    + "and predictions use response time and rows only.")).raw("</p>\n");
        }
    }

    private static String machine(RunEnvironment env) {
        if (env == null) {
            return "unknown";
        }
        return env.cpuCount() + " CPUs, " + orElse(env.cpuModel(), "") + ", Java " + orElse(env.javaVersion(), "")
                + ", git " + orElse(env.gitRevision(), "");
    }

    private static String orElse(String value, String absent) {
        return value == null ? absent : value;
    }

    private static void groups(Html h, GroupAnalysis.Report g) {
        h.paragraph(g.method() + ". k = " + g.k() + " over " + g.scenariosUsed() + " scenario(s).");
        List<List<Object>> rows = new ArrayList<>();
        for (GroupAnalysis.Group group : g.groups()) {
            rows.add(List.of("grp" + group.id(), String.join(", ", group.queries()), group.explanation()));
        }
        h.table(List.of("group", "queries", "explanation"), rows);
        List<List<Object>> sil = new ArrayList<>();
        for (Map.Entry<Integer, Double> e : g.silhouetteByK().entrySet()) {
            sil.add(List.of(e.getKey(), e.getValue()));
        }
        h.table(List.of("k", "silhouette"), sil);
        List<List<Object>> hier = new ArrayList<>();
        for (int i = 0; i < g.hierarchicalGroups().size(); i++) {
            hier.add(List.of("h" + (i + 1), String.join(", ", g.hierarchicalGroups().get(i))));
        }
        h.paragraph(String.format("Average-linkage hierarchical clustering at the same k agrees with k-means++ at "
                + "adjusted Rand index %.2f:", g.hierarchicalAgreement()));
        h.table(List.of("hierarchical group", "queries"), hier);
        GroupAnalysis.Stability st = g.stability();
        h.paragraph(st.meanAdjustedRand() == null
                ? "Stability across repetitions: not computable (needs at least two repetitions of every scenario)."
                : String.format("Stability across %d repetitions: mean adjusted Rand index %.2f between the "
                + "groupings of single repetitions (1 = identical).", st.repetitions().size(), st.meanAdjustedRand()));
        studySideBySide(h, g);
    }

    /** The study's seven groups beside ours: each study group, its explanation, and where its queries went here. */
    private static void studySideBySide(Html h, GroupAnalysis.Report g) {
        StudyGroups.Agreement agreement = g.study();
        h.paragraph(agreement.adjustedRand() == null ? "Against the study's groups: not computable."
                : String.format("Against the study's seven groups (Paluch et al. 2019): adjusted Rand index %.2f over %d "
                + "queries; left out: %s.", agreement.adjustedRand(), agreement.queriesCompared(), agreement.leftOut()));
        if (g.studyK() != null && g.studyK().adjustedRand() != null) {
            h.paragraph(String.format("The same k-means forced to the study's %d groups: adjusted Rand index %.2f.",
                    StudyGroups.GROUPS.size(), g.studyK().adjustedRand()));
        }
        List<List<Object>> rows = new ArrayList<>();
        for (StudyGroups.StudyGroup sg : StudyGroups.GROUPS) {
            List<String> ours = new ArrayList<>();
            for (String q : sg.queries()) {
                agreement.rows().stream().filter(r -> r.query().equals(q)).findFirst()
                        .ifPresent(r -> ours.add(q + " grp" + r.ourGroup()));
            }
            rows.add(List.of("grp" + sg.id(), String.join(", ", sg.queries()), sg.explanation(),
                    String.join(", ", ours)));
        }
        h.table(List.of("study group", "queries", "the study's explanation", "our group of each query"), rows);
    }

    private static void comparisons(Html h, ExperimentAnalysis a) {
        List<List<Object>> rows = new ArrayList<>();
        for (ScenarioComparison.GroupChange c : a.groupChanges()) {
            rows.add(List.of(c.factor() + ": " + c.from() + " \u2192 " + c.to(), "grp" + c.group(),
                    c.medianChangePercent(), c.verdict()));
        }
        h.paragraph("Which groups gain (faster, below -5 %) or lose (slower, above +5 %), by median change:");
        h.table(List.of("comparison", "group", "median change (%)", "verdict"), rows);
        List<List<Object>> all = new ArrayList<>();
        for (ScenarioComparison.Change c : a.comparisons()) {
            all.add(List.of(c.factor() + ": " + c.from() + " \u2192 " + c.to(), c.query(), c.fromMillis(),
                    c.toMillis(), c.changePercent(), c.ci95() == null ? "n/a (one ratio)"
                            : String.format("[%.1f, %.1f]", c.ci95()[0], c.ci95()[1]), c.ratios()));
        }
        h.raw("<details><summary>Every query's change (").raw(String.valueOf(all.size())).raw(" rows)</summary>\n");
        h.table(List.of("comparison", "query", "from (ms)", "to (ms)", "change (%)", "95 % interval (%)", "ratios"), all);
        h.raw("</details>\n");
    }

    private static void prediction(Html h, Prediction.Report p) {
        h.paragraph(p.method() + ".");
        h.raw("<p><b>Median absolute percentage error: model ").raw(PredictionCharts.percent(p.mape()))
                .raw(", baseline ").raw(PredictionCharts.percent(p.baselineMape())).raw("</b> (")
                .raw(String.valueOf(p.scenarios())).raw(" hidden scenarios, ")
                .raw(String.valueOf(p.points().size())).raw(" predictions).</p>\n");
        List<List<Object>> rows = new ArrayList<>();
        for (Prediction.ScenarioError e : p.perScenario()) {
            rows.add(List.of(e.scenario(), e.mape() * 100, e.baselineMape() * 100, e.queries()));
        }
        h.table(List.of("hidden scenario", "model median APE (%)", "baseline median APE (%)", "queries"), rows);
        List<List<Object>> groups = new ArrayList<>();
        for (Prediction.GroupError e : p.perGroup()) {
            groups.add(List.of("grp" + e.group(), String.join(", ", e.queries()),
                    PredictionCharts.percent(e.mape()), PredictionCharts.percent(e.baselineMape()), e.points()));
        }
        if (!groups.isEmpty()) {
            h.paragraph("The same predictions by query group (groups of section 2):");
            h.table(List.of("group", "queries", "model median APE", "baseline median APE", "predictions"), groups);
        }
    }
}
