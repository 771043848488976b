package io.tunescope.report;

import io.tunescope.analysis.ClusterMath;
import io.tunescope.analysis.ExperimentAnalysis;
import io.tunescope.analysis.GroupAnalysis;
import io.tunescope.analysis.Metrics;
import io.tunescope.analysis.Profiles;
import io.tunescope.analysis.StudyGroups;
import org.hipparchus.linear.EigenDecompositionSymmetric;
import org.hipparchus.linear.MatrixUtils;
import org.hipparchus.linear.RealMatrix;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.util.ArrayList;
import java.util.List;

/** The query groups: a map of the queries on their first two principal components, and each group's traits. */
final class GroupCharts {
    private GroupCharts() {
    }

    static ReportChart map(ExperimentAnalysis a) {
        Profiles.Matrix m = Profiles.matrix(a.data(), a.metrics(), a.data().scenarios(), c -> true);
        double[][] z = ClusterMath.standardize(m.values());
        double[][] pcs = principalComponents(z);
        XYChart chart = new XYChartBuilder().width(1100).height(560)
                .title("Query groups on the first two principal components of the standardized profile")
                .xAxisTitle("PC1").yAxisTitle("PC2").build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter).setMarkerSize(12);
        List<List<Object>> rows = new ArrayList<>();
        for (GroupAnalysis.Group g : a.groups().groups()) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (String q : g.queries()) {
                int i = m.queries().indexOf(q);
                xs.add(pcs[i][0]);
                ys.add(pcs[i][1]);
                rows.add(List.of(q, g.id(), pcs[i][0], pcs[i][1]));
            }
            String label = "grp" + g.id() + ": " + String.join(",", g.queries());
            chart.addSeries(label.length() > 60 ? label.substring(0, 58) + ".." : label, xs, ys)
                    .setMarker(SeriesMarkers.CIRCLE);
        }
        return new ReportChart("groups-map", "Query groups (principal components)",
                "Each point is a query; colors are the k-means++ groups (k = " + a.groups().k()
                        + ", chosen by silhouette).", ReportChart.png(chart),
                List.of("query", "group", "pc1", "pc2"), rows);
    }

    static ReportChart traits(ExperimentAnalysis a) {
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(480)
                .title("What sets each group apart (mean z-score of each metric)")
                .xAxisTitle("group").yAxisTitle("mean z-score").build();
        List<String> groups = a.groups().groups().stream().map(g -> "grp" + g.id()).toList();
        List<List<Object>> rows = new ArrayList<>();
        for (String metric : a.metrics()) {
            List<Double> values = new ArrayList<>();
            for (GroupAnalysis.Group g : a.groups().groups()) {
                double v = g.meanZ().getOrDefault(metric, 0.0);
                values.add(v);
                rows.add(List.of("grp" + g.id(), metric, v));
            }
            chart.addSeries(Metrics.words(metric), groups, values);
        }
        return new ReportChart("groups-traits", "Group traits",
                "Bars far from zero are the metrics that explain a group.", ReportChart.png(chart),
                List.of("group", "metric", "meanZ"), rows);
    }

    /** The study's seven groups (x) split by our groups (stacked): how far our grouping reproduces the study's. */
    static ReportChart againstStudy(ExperimentAnalysis a) {
        StudyGroups.Agreement agreement = a.groups().study();
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(480)
                .title("The study's groups (Paluch et al. 2019) and ours: queries of each study group by our group")
                .xAxisTitle("the study's group").yAxisTitle("queries").build();
        chart.getStyler().setStacked(true);
        List<String> studyGroups = StudyGroups.GROUPS.stream().map(g -> "grp" + g.id()).toList();
        List<List<Object>> rows = new ArrayList<>();
        for (GroupAnalysis.Group ours : a.groups().groups()) {
            List<Integer> counts = new ArrayList<>();
            for (StudyGroups.StudyGroup g : StudyGroups.GROUPS) {
                counts.add((int) agreement.rows().stream()
                        .filter(r -> r.ourGroup() == ours.id() && Integer.valueOf(g.id()).equals(r.studyGroup()))
                        .count());
            }
            chart.addSeries("our grp" + ours.id(), studyGroups, counts);
        }
        for (StudyGroups.Row r : agreement.rows()) {
            rows.add(java.util.Arrays.asList(r.query(), r.studyGroup(), r.ourGroup()));
        }
        String ari = agreement.adjustedRand() == null ? "not computable"
                : String.format("%.2f", agreement.adjustedRand());
        return new ReportChart("groups-study", "Our groups against the study's",
                "Adjusted Rand index " + ari + " over the " + agreement.queriesCompared() + " queries the study puts in"
                        + " exactly one group (1: the same grouping, about 0: no better than chance); left out: "
                        + agreement.leftOut() + ".", ReportChart.png(chart),
                List.of("query", "studyGroup", "ourGroup"), rows);
    }

    /** Scores of each row on the two largest principal components (zeros when there are fewer columns). */
    static double[][] principalComponents(double[][] z) {
        int n = z.length;
        int p = n == 0 ? 0 : z[0].length;
        double[][] scores = new double[n][2];
        if (p == 0 || n < 2) {
            return scores;
        }
        RealMatrix x = MatrixUtils.createRealMatrix(z);
        RealMatrix cov = x.transpose().multiply(x).scalarMultiply(1.0 / (n - 1));
        EigenDecompositionSymmetric eig = new EigenDecompositionSymmetric(cov);
        double[] values = eig.getEigenvalues();
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (i, j) -> Double.compare(values[j], values[i]));
        for (int c = 0; c < Math.min(2, p); c++) {
            double[] v = eig.getEigenvector(order[c]).toArray();
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int j = 0; j < p; j++) {
                    s += z[i][j] * v[j];
                }
                scores[i][c] = s;
            }
        }
        return scores;
    }
}
