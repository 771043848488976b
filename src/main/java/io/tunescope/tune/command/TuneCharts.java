package io.tunescope.tune.command;

import io.tunescope.store.TuningDir;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.TrialRecord;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The convergence chart of a session: every successful trial's objective and the best so far, against trial number. */
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
        try {
            BitmapEncoder.saveBitmap(chart, TuningDir.of(dir).convergenceChart().toString(),
                    BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + TuningDir.of(dir).convergencePng() + ": " + e.getMessage(),
                    e);
        }
    }
}
