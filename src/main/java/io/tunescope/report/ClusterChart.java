package io.tunescope.report;

import io.tunescope.store.ClusterResult;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The chart beside cluster.json, drawn from it: the cluster's WIPS in each trial, one line per tuning mode (failed
 * trials, which cluster.json records as null, left out).
 */
final class ClusterChart {
    private ClusterChart() {
    }

    /** Draws {@code cluster.png} if the directory holds a cluster.json with at least one measured trial. */
    static void write(Path dir) throws IOException {
        TuningDir files = TuningDir.of(dir);
        if (!Files.isRegularFile(files.cluster())) {
            return;
        }
        ClusterResult result = Json.read(files.cluster(), ClusterResult.class);
        XYChart chart = new XYChartBuilder().width(900).height(500)
                .title("WIPS per trial, " + result.strategy() + ", seed " + result.seed()).xAxisTitle("trial")
                .yAxisTitle("cluster WIPS").build();
        boolean any = false;
        for (ClusterResult.Mode m : result.modes()) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            List<Double> wips = m.wipsPerTrial() == null ? List.of() : m.wipsPerTrial();
            for (int t = 0; t < wips.size(); t++) {
                if (wips.get(t) != null) {
                    xs.add((double) (t + 1));
                    ys.add(wips.get(t));
                }
            }
            if (!xs.isEmpty()) {
                chart.addSeries(m.mode(), xs, ys).setMarker(SeriesMarkers.NONE);
                any = true;
            }
        }
        if (!any) {
            return;
        }
        try {
            BitmapEncoder.saveBitmap(chart, files.clusterChart().toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + files.clusterPng() + ": " + e.getMessage(), e);
        }
    }
}
