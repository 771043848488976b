package io.tunescope.report;

import io.tunescope.analysis.ExperimentAnalysis;
import io.tunescope.analysis.ScenarioComparison;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One bar chart per comparison (factor from one level to another): each query's percent change, with its interval. */
final class ComparisonCharts {
    private ComparisonCharts() {
    }

    static List<ReportChart> all(ExperimentAnalysis a) {
        Map<String, List<ScenarioComparison.Change>> byComparison = new LinkedHashMap<>();
        for (ScenarioComparison.Change c : a.comparisons()) {
            byComparison.computeIfAbsent(c.factor() + ": " + c.from() + " -> " + c.to(), k -> new ArrayList<>()).add(c);
        }
        List<ReportChart> charts = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, List<ScenarioComparison.Change>> e : byComparison.entrySet()) {
            charts.add(chart("comparison-" + (++i), e.getKey(), e.getValue()));
        }
        return charts;
    }

    private static ReportChart chart(String name, String title, List<ScenarioComparison.Change> changes) {
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(420)
                .title("Change in response time, " + title).xAxisTitle("query").yAxisTitle("change (%)").build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setErrorBarsColor(java.awt.Color.DARK_GRAY);
        List<String> queries = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (ScenarioComparison.Change c : changes) {
            queries.add(c.query());
            values.add(c.changePercent());
            errors.add(c.ci95() == null ? 0.0 : (c.ci95()[1] - c.ci95()[0]) / 2);
            rows.add(List.of(c.factor(), c.from(), c.to(), c.query(), c.changePercent(),
                    c.ci95() == null ? "" : c.ci95()[0], c.ci95() == null ? "" : c.ci95()[1], c.ratios()));
        }
        chart.addSeries("change", queries, values, errors);
        return new ReportChart(name, "Change " + title,
                "Percent change of mean response time per query (negative: faster). Error bars: half the width "
                        + "of the 95 % interval over paired repetitions (the exact, asymmetric interval is in the "
                        + "table and CSV).", ReportChart.png(chart),
                List.of("factor", "from", "to", "query", "changePercent", "ci95Low", "ci95High", "ratios"), rows);
    }
}
