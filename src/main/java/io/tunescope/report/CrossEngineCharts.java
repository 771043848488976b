package io.tunescope.report;

import io.tunescope.analysis.CrossEnginePrediction;
import io.tunescope.analysis.Prediction;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.util.ArrayList;
import java.util.List;

/** Prediction across engines: median absolute percentage error per direction and query group, model and baseline. */
final class CrossEngineCharts {
    private CrossEngineCharts() {
    }

    static ReportChart errorByGroup(CrossEnginePrediction.Report report) {
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(440)
                .title("Prediction across engines: error per group (median absolute % error)")
                .xAxisTitle("trained on -> tested on, group").yAxisTitle("median APE (%)").build();
        List<String> labels = new ArrayList<>();
        List<Double> model = new ArrayList<>();
        List<Double> baseline = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (CrossEnginePrediction.Direction d : report.directions()) {
            for (Prediction.GroupError g : d.perGroup()) {
                if (g.mape() == null) {
                    continue;
                }
                labels.add(d.trainedOn() + " -> " + d.testedOn() + " grp" + g.group());
                model.add(g.mape() * 100);
                baseline.add(g.baselineMape() * 100);
                rows.add(List.of(d.trainedOn(), d.testedOn(), g.group(), String.join(" ", g.queries()), g.mape(),
                        g.baselineMape(), g.points()));
            }
        }
        chart.getStyler().setXAxisLabelRotation(labels.size() > 4 ? 30 : 0);
        if (!labels.isEmpty()) {
            chart.addSeries("model (trained on the other engine)", labels, model);
            chart.addSeries("baseline (reference scenario)", labels, baseline);
        }
        return new ReportChart("cross-engine", "Prediction across engines, per group",
                "Lower is better. Each group's queries were grouped on the engine trained on.", ReportChart.png(chart),
                List.of("trainedOn", "testedOn", "group", "queries", "mape", "baselineMape", "points"), rows);
    }

    /** Section 5 of the page: the method, each direction's overall, per-scenario and per-group errors. */
    static void section(Html h, CrossEnginePrediction.Report report, ReportChart chart) {
        h.paragraph(report.method() + ".");
        List<List<Object>> overall = new ArrayList<>();
        List<List<Object>> scenarios = new ArrayList<>();
        for (CrossEnginePrediction.Direction d : report.directions()) {
            overall.add(List.of(d.trainedOn(), d.testedOn(), String.valueOf(d.reference()),
                    PredictionCharts.percent(d.mape()), PredictionCharts.percent(d.baselineMape()), d.scenarios(),
                    d.points().size()));
            for (Prediction.ScenarioError e : d.perScenario()) {
                scenarios.add(List.of(d.trainedOn() + " -> " + d.testedOn(), e.scenario(), e.mape() * 100,
                        e.baselineMape() * 100, e.queries()));
            }
        }
        h.table(List.of("trained on", "tested on", "reference scenario", "model median APE", "baseline median APE",
                "scenarios", "predictions"), overall);
        h.chart(chart);
        h.raw("<details><summary>Per hidden scenario (").raw(String.valueOf(scenarios.size())).raw(" rows)</summary>\n");
        h.table(List.of("direction", "hidden scenario", "model median APE (%)", "baseline median APE (%)", "queries"),
                scenarios);
        h.raw("</details>\n");
    }
}
