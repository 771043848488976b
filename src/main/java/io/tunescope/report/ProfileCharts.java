package io.tunescope.report;

import io.tunescope.analysis.ExperimentAnalysis;
import io.tunescope.analysis.Metrics;
import io.tunescope.analysis.Profiles;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Heat maps of the normalized query profiles: metrics by query (averaged over scenarios), and response time by scenario. */
final class ProfileCharts {
    private static final Color[] RANGE = {new Color(0xf7fbff), new Color(0x6baed6), new Color(0x08306b)};

    private ProfileCharts() {
    }

    static ReportChart metricsByQuery(ExperimentAnalysis a) {
        List<String> queries = a.data().queries();
        List<String> metrics = a.metrics();
        Map<String, Double> mean = a.profiles().stream().collect(Collectors.groupingBy(
                e -> e.query() + "|" + e.metric(), Collectors.averagingDouble(Profiles.Entry::normalized)));
        return heatMap("profiles", "Query resource profiles (normalized per metric, mean over scenarios)",
                "Each metric divided by its largest value over the queries of a scenario, then averaged over "
                        + "scenarios (the study's Figure 1)." + (a.monitored() ? ""
                        : " No thread-monitor metrics in these runs: response time and rows only."),
                queries, metrics.stream().map(Metrics::words).toList(),
                (q, m) -> mean.get(q + "|" + metrics.get(m)), "metric", metrics);
    }

    static ReportChart responseByScenario(ExperimentAnalysis a) {
        List<String> queries = a.data().queries();
        List<String> scenarios = a.data().scenarios();
        Map<String, Double> norm = a.profiles().stream().filter(e -> e.metric().equals(Metrics.RESPONSE))
                .collect(Collectors.toMap(e -> e.query() + "|" + e.scenario(), Profiles.Entry::normalized));
        return heatMap("response-by-scenario", "Normalized response time per scenario",
                "Mean response time divided by the slowest query's in the same scenario.",
                queries, scenarios, (q, s) -> norm.get(q + "|" + scenarios.get(s)), "scenario", scenarios);
    }

    private interface Cell {
        Double value(String query, int row);
    }

    private static ReportChart heatMap(String name, String title, String caption, List<String> queries,
                                       List<String> rowLabels, Cell cell, String rowName, List<String> rowKeys) {
        int height = Math.max(300, 140 + 28 * rowLabels.size());
        HeatMapChart chart = new HeatMapChartBuilder().width(1100).height(height).title(title).build();
        chart.getStyler().setRangeColors(RANGE).setShowValue(false).setPlotContentSize(0.95);
        chart.getStyler().setLegendVisible(true);
        List<Number[]> heat = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (int x = 0; x < queries.size(); x++) {
            for (int y = 0; y < rowLabels.size(); y++) {
                Double v = cell.value(queries.get(x), y);
                if (v != null) {
                    heat.add(new Number[]{x, y, Math.round(v * 1000) / 1000.0});
                    rows.add(List.of(queries.get(x), rowKeys.get(y), v));
                }
            }
        }
        List<String> shortLabels = rowLabels.stream().map(shorten()).toList();
        chart.addSeries("normalized", queries, shortLabels, heat);
        return new ReportChart(name, title, caption, ReportChart.png(chart), List.of("query", rowName, "normalized"),
                rows);
    }

    private static Function<String, String> shorten() {
        return s -> s.length() > 40 ? s.substring(0, 38) + ".." : s;
    }
}
