package io.tunescope.report;

import io.tunescope.store.ResultsDir;
import io.tunescope.tune.bench.BenchResult;
import io.tunescope.tune.bench.TuneBench;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** One PNG per function and dimension: median normalised gap to the optimum (log scale, floored at 1e-6) against trials, one line per strategy. */
public final class BenchCharts {
    private BenchCharts() {
    }

    public static void write(ResultsDir results, TuneBench.Outcome o) {
        Map<String, XYChart> charts = new LinkedHashMap<>();
        for (BenchResult r : o.results()) {
            String key = r.function() + "-" + r.dims() + "d";
            XYChart chart = charts.computeIfAbsent(key, k -> {
                XYChart c = new XYChartBuilder().width(800).height(500)
                        .title(r.function() + ", " + r.dims() + " dims: median normalised gap to the optimum")
                        .xAxisTitle("trial").yAxisTitle("(best - optimum) / (median random - optimum)").build();
                c.getStyler().setYAxisLogarithmic(true);
                return c;
            });
            double[] trace = o.medianTraces().get(r.function() + "/" + r.dims() + "/" + r.strategy());
            double[] x = new double[trace.length];
            double[] y = new double[trace.length];
            for (int t = 0; t < trace.length; t++) {
                x[t] = t + 1;
                y[t] = Math.max(1e-6, trace[t]);
            }
            chart.addSeries(r.strategy(), x, y).setMarker(SeriesMarkers.NONE);
        }
        try {
            Files.createDirectories(results.root());
            for (Map.Entry<String, XYChart> e : charts.entrySet()) {
                BitmapEncoder.saveBitmap(e.getValue(), results.benchChart(e.getKey()).toString(),
                        BitmapEncoder.BitmapFormat.PNG);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write charts to " + results.root() + ": " + e.getMessage(), e);
        }
    }
}
