package io.tunescope.report.shop;

import io.tunescope.analysis.shop.CapacityLevel;
import io.tunescope.analysis.shop.CapacitySummary;
import io.tunescope.report.scale.ScaleChart;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code shop capacity}'s chart: WIPS against browsers, measured, with the fitted USL curve; PNG and SVG. */
public final class CapacityChart {
    private CapacityChart() {
    }

    public static List<Path> write(CapacitySummary summary, ResultsDir dir) throws IOException {
        List<CapacityLevel> levels = summary.levels();
        ScaleChart.Curve curve = new ScaleChart.Curve(summary.mix(),
                levels.stream().mapToDouble(CapacityLevel::browsers).toArray(),
                levels.stream().mapToDouble(CapacityLevel::wips).toArray(), new double[levels.size()]);
        String title = String.format(Locale.ROOT, "%s capacity, %s, think scale %s%s", summary.mix(),
                summary.database(), summary.thinkScale(), summary.saturatedTier() == null ? ""
                        : ", limit: " + summary.saturatedTier().tier()
                        + (summary.saturatedTier().saturated() ? "" : " (not saturated)"));
        return ScaleChart.write(ScaleChart.build(title, "emulated browsers", summary.metric(), List.of(curve),
                summary.usl() == null ? Map.of() : Map.of(summary.mix(), summary.usl())), dir.capacityChart());
    }
}
