package io.tunescope.report.scale;

import io.tunescope.analysis.usl.UslModel;
import io.tunescope.analysis.usl.UslResult;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Throughput against threads: the measured points of each curve with their 95% intervals as error bars, and the
 * fitted USL curve of each, written as PNG and SVG.
 */
public final class ScaleChart {
    private static final int FIT_STEPS = 100;

    private ScaleChart() {
    }

    /** One measured curve: x, y, and the half-width of y's interval. */
    public record Curve(String name, double[] x, double[] y, double[] yError) {
    }

    public static XYChart build(String title, String yTitle, List<Curve> curves, Map<String, UslResult> fits) {
        return build(title, "threads (users)", yTitle, curves, fits);
    }

    /** The same with the x axis named {@code xTitle} (browsers, for the shop's capacity curve). */
    public static XYChart build(String title, String xTitle, String yTitle, List<Curve> curves,
                                Map<String, UslResult> fits) {
        XYChart chart = new XYChartBuilder().width(900).height(560).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        chart.getStyler().setYAxisMin(0.0);
        double maxX = curves.stream().flatMapToDouble(c -> java.util.Arrays.stream(c.x())).max().orElse(1);
        for (Curve c : curves) {
            XYSeries s = chart.addSeries(c.name() + " (measured)", c.x(), c.y(), c.yError());
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            UslResult fit = fits.get(c.name());
            if (fit != null) {
                addFit(chart, c.name(), fit.model(), maxX * 1.25);
            }
        }
        return chart;
    }

    private static void addFit(XYChart chart, String name, UslModel model, double maxX) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int i = 0; i <= FIT_STEPS; i++) {
            double n = 1 + (maxX - 1) * i / FIT_STEPS;
            xs.add(n);
            ys.add(model.throughputAt(n));
        }
        XYSeries s = chart.addSeries(String.format(java.util.Locale.ROOT, "%s USL fit (σ=%.3g, κ=%.3g)", name,
                model.sigma(), model.kappa()), xs, ys);
        s.setMarker(SeriesMarkers.NONE);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    }

    /** Writes {@code base}.png and {@code base}.svg; returns both paths. */
    public static List<Path> write(XYChart chart, Path base) throws IOException {
        String stem = base.toString();
        BitmapEncoder.saveBitmap(chart, stem, BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, stem, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        return List.of(Path.of(stem + ".png"), Path.of(stem + ".svg"));
    }
}
