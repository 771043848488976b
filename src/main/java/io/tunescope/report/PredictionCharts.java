package io.tunescope.report;

import io.tunescope.analysis.ExperimentAnalysis;
import io.tunescope.analysis.Prediction;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

import java.util.ArrayList;
import java.util.List;

/** Prediction error: median absolute percentage error per hidden scenario, and predicted against measured. */
final class PredictionCharts {
    private PredictionCharts() {
    }

    static ReportChart errorByScenario(ExperimentAnalysis a) {
        Prediction.Report p = a.prediction();
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(440)
                .title("Leave-one-scenario-out prediction error (median absolute % error)")
                .xAxisTitle("hidden scenario").yAxisTitle("median APE (%)").build();
        chart.getStyler().setXAxisLabelRotation(p.perScenario().size() > 6 ? 45 : 0);
        List<String> scenarios = new ArrayList<>();
        List<Double> model = new ArrayList<>();
        List<Double> baseline = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (Prediction.ScenarioError e : p.perScenario()) {
            scenarios.add(e.scenario());
            model.add(e.mape() * 100);
            baseline.add(e.baselineMape() * 100);
            rows.add(List.of(e.scenario(), e.mape(), e.baselineMape(), e.queries()));
        }
        if (!scenarios.isEmpty()) {
            chart.addSeries("model", scenarios, model);
            chart.addSeries("baseline (query mean)", scenarios, baseline);
        }
        return new ReportChart("prediction-error", "Prediction error per hidden scenario",
                "Lower is better. Overall: model " + percent(p.mape()) + ", baseline " + percent(p.baselineMape())
                        + " over " + p.scenarios() + " scenarios.", ReportChart.png(chart),
                List.of("scenario", "mape", "baselineMape", "queries"), rows);
    }

    static ReportChart predictedVsMeasured(ExperimentAnalysis a) {
        XYChart chart = new XYChartBuilder().width(800).height(600).title("Predicted vs measured response time")
                .xAxisTitle("measured (ms)").yAxisTitle("predicted (ms)").build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter)
                .setXAxisLogarithmic(true).setYAxisLogarithmic(true).setMarkerSize(6);
        List<Double> measured = new ArrayList<>();
        List<Double> predicted = new ArrayList<>();
        List<Double> baseline = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (Prediction.Point pt : a.prediction().points()) {
            measured.add(pt.measuredMillis());
            predicted.add(pt.predictedMillis());
            baseline.add(pt.baselineMillis());
            rows.add(List.of(pt.scenario(), pt.query(), pt.measuredMillis(), pt.predictedMillis(), pt.baselineMillis()));
        }
        if (!measured.isEmpty()) {
            chart.addSeries("model", measured, predicted);
            chart.addSeries("baseline", measured, baseline);
            double lo = measured.stream().mapToDouble(Double::doubleValue).min().orElse(1);
            double hi = measured.stream().mapToDouble(Double::doubleValue).max().orElse(10);
            chart.addSeries("exact", new double[]{lo, hi}, new double[]{lo, hi})
                    .setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        }
        return new ReportChart("prediction-scatter", "Predicted vs measured",
                "Points on the diagonal are exact predictions (log scales).", ReportChart.png(chart),
                List.of("scenario", "query", "measuredMillis", "predictedMillis", "baselineMillis"), rows);
    }

    static String percent(Double fraction) {
        return fraction == null ? "n/a" : String.format("%.1f %%", fraction * 100);
    }
}
