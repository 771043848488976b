package io.tunescope.report;

import io.tunescope.analysis.tune.TuningAnalysis;
import io.tunescope.store.CrossApplyMatrix;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The charts of a tuning session's report: convergence per session, knob importance, the cross-apply matrix. */
final class TuningCharts {
    private TuningCharts() {
    }

    static List<ReportChart> all(TuningAnalysis a) {
        System.setProperty("java.awt.headless", "true");
        List<ReportChart> charts = new ArrayList<>();
        for (int i = 0; i < a.sessions().size(); i++) {
            TuningAnalysis.Session s = a.sessions().get(i);
            if (s.convergence().stream().anyMatch(TuningAnalysis.Point::ok)) {
                charts.add(convergence(s, a.sessions().size() == 1 ? "convergence" : "convergence-" + (i + 1)));
            }
        }
        if (a.sessions().stream().anyMatch(s -> !s.importance().isEmpty())) {
            charts.add(importance(a));
        }
        if (a.matrix() != null) {
            charts.add(matrix(a.matrix()));
        }
        return charts;
    }

    static ReportChart convergence(TuningAnalysis.Session s, String name) {
        String title = "convergence" + (s.workload() == null ? "" : " on " + s.workload()) + " (" + s.strategy()
                + ", seed " + s.seed() + ")";
        XYChart chart = new XYChartBuilder().width(900).height(420).title(title).xAxisTitle("trial")
                .yAxisTitle("objective (" + s.direction() + ")").build();
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        List<Double> bx = new ArrayList<>();
        List<Double> by = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (TuningAnalysis.Point p : s.convergence()) {
            if (p.ok()) {
                xs.add((double) p.trial());
                ys.add(p.objective());
            }
            if (p.bestSoFar() != null) {
                bx.add((double) p.trial());
                by.add(p.bestSoFar());
            }
            rows.add(List.of(p.trial(), p.ok() ? "ok" : "failed", orEmpty(p.objective()), orEmpty(p.bestSoFar()),
                    p.isDefault(), p.reason() == null ? "" : p.reason()));
        }
        chart.addSeries("trial", xs, ys).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.addSeries("best so far", bx, by).setMarker(SeriesMarkers.NONE);
        return new ReportChart(name, title, "Each successful trial's objective and the best so far; "
                + s.failedTrials() + " failed trial(s) are scored worst-so-far by the search and not drawn.",
                ReportChart.png(chart), List.of("trial", "status", "objective", "best_so_far", "is_default", "reason"),
                rows);
    }

    static ReportChart importance(TuningAnalysis a) {
        Set<String> params = new LinkedHashSet<>();
        a.sessions().forEach(s -> s.importance().forEach(i -> params.add(i.parameter())));
        CategoryChart chart = new CategoryChartBuilder().width(900).height(420).title("knob importance")
                .xAxisTitle("knob").yAxisTitle("share of the surrogate's variance").build();
        List<List<Object>> rows = new ArrayList<>();
        for (TuningAnalysis.Session s : a.sessions()) {
            if (s.importance().isEmpty()) {
                continue;
            }
            List<Double> shares = new ArrayList<>();
            for (String p : params) {
                double share = s.importance().stream().filter(i -> i.parameter().equals(p))
                        .mapToDouble(io.tunescope.store.TuningSummary.Importance::share).findFirst().orElse(0);
                shares.add(share);
                rows.add(List.of(label(s), p, share));
            }
            chart.addSeries(label(s), new ArrayList<>(params), shares);
        }
        return new ReportChart("importance", "knob importance", "Each knob's main-effect share of the variance of "
                + "a surrogate model fitted to the session's trials (fANOVA-style): which knobs mattered here.",
                ReportChart.png(chart), List.of("session", "knob", "share"), rows);
    }

    static ReportChart matrix(CrossApplyMatrix m) {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(420)
                .title("cross-apply: each workload's best on every workload").xAxisTitle("measured on")
                .yAxisTitle("improvement over the default (%)").build();
        List<List<Object>> rows = new ArrayList<>();
        for (String tunedFor : m.workloads()) {
            List<Double> gains = new ArrayList<>();
            for (String on : m.workloads()) {
                CrossApplyMatrix.Cell c = m.cell(tunedFor, on);
                gains.add(c.improvementPercent() == null ? 0.0 : c.improvementPercent());
                rows.add(List.of(tunedFor, on, orEmpty(c.objective()), orEmpty(c.improvementPercent()),
                        c.improvementCi95() == null ? "" : c.improvementCi95().toString(), c.failedRuns()));
            }
            chart.addSeries("tuned for " + tunedFor, m.workloads(), gains);
        }
        return new ReportChart("matrix", "cross-apply matrix", "Each workload's best configuration measured on "
                + "every workload, " + m.runs() + " runs alternating with the default; the gain is over the default "
                + "on the measured workload (positive is better; objective " + m.objective() + ").",
                ReportChart.png(chart), List.of("tuned_for", "measured_on", "objective", "improvement_percent",
                "improvement_ci95", "failed_runs"), rows);
    }

    private static String label(TuningAnalysis.Session s) {
        return s.workload() == null ? "session" : s.workload();
    }

    private static Object orEmpty(Double v) {
        return v == null ? "" : v;
    }
}
