package io.tunescope.tune.cluster;

import io.tunescope.store.TuningDir;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The chart beside cluster.json: the cluster's WIPS in each trial, one line per tuning mode (failed trials left out). */
public final class ClusterChart {
    private ClusterChart() {
    }

    public static void write(Path dir, List<ModeRun.Outcome> outcomes, String title) {
        XYChart chart = new XYChartBuilder().width(900).height(500).title(title).xAxisTitle("trial")
                .yAxisTitle("cluster WIPS").build();
        boolean any = false;
        for (ModeRun.Outcome o : outcomes) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (ModeRun.ClusterTrial t : o.trials()) {
                if (!Double.isNaN(t.wips())) {
                    xs.add((double) t.trial());
                    ys.add(t.wips());
                }
            }
            if (!xs.isEmpty()) {
                chart.addSeries(o.mode().label(), xs, ys).setMarker(SeriesMarkers.NONE);
                any = true;
            }
        }
        if (!any) {
            return;
        }
        TuningDir files = TuningDir.of(dir);
        try {
            BitmapEncoder.saveBitmap(chart, files.clusterChart().toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + files.clusterPng() + ": " + e.getMessage(), e);
        }
    }
}
