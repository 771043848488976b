package io.tunescope.tune.command;

import io.tunescope.store.CrossApplyMatrix;
import io.tunescope.store.TuningDir;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.TrialRecord;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The charts {@code tune} writes beside its results: the convergence of a session (every successful trial's
 * objective and the best so far, against trial number) and the cross-apply matrix of a session tuned for several
 * workloads (each workload's best configuration's gain over the default, on every workload).
 */
public final class TuneCharts {
    private TuneCharts() {
    }

    public static void writeConvergence(Path dir, List<TrialRecord> history, Direction direction, String title) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        List<Double> bx = new ArrayList<>();
        List<Double> by = new ArrayList<>();
        Double best = null;
        for (int i = 0; i < history.size(); i++) {
            TrialRecord r = history.get(i);
            if (!r.ok()) {
                continue;
            }
            xs.add((double) (i + 1));
            ys.add(r.objective());
            if (best == null || direction.better(r.objective(), best)) {
                best = r.objective();
            }
            bx.add((double) (i + 1));
            by.add(best);
        }
        if (xs.isEmpty()) {
            return;
        }
        XYChart chart = new XYChartBuilder().width(800).height(500).title(title).xAxisTitle("trial")
                .yAxisTitle("objective (" + direction.label() + ")").build();
        XYSeries trials = chart.addSeries("trial", xs, ys);
        trials.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.addSeries("best so far", bx, by).setMarker(SeriesMarkers.NONE);
        save(chart, TuningDir.of(dir).convergenceChart(), TuningDir.of(dir).convergencePng());
    }

    /** Bars of improvement over the default (percent, positive is better): one group per measured-on workload. */
    public static void writeMatrix(Path dir, CrossApplyMatrix matrix) {
        CategoryChart chart = new CategoryChartBuilder().width(800).height(500)
                .title("cross-apply: each workload's best on every workload (" + matrix.objective() + ")")
                .xAxisTitle("measured on").yAxisTitle("improvement over default (%)").build();
        for (String tunedFor : matrix.workloads()) {
            List<Double> gains = new ArrayList<>();
            for (String on : matrix.workloads()) {
                Double g = matrix.cell(tunedFor, on).improvementPercent();
                gains.add(g == null ? 0.0 : g);
            }
            chart.addSeries("tuned for " + tunedFor, matrix.workloads(), gains);
        }
        save(chart, TuningDir.of(dir).matrixChart(), TuningDir.of(dir).matrixPng());
    }

    private static void save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path withoutExtension, Path png) {
        try {
            BitmapEncoder.saveBitmap(chart, withoutExtension.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + png + ": " + e.getMessage(), e);
        }
    }
}
