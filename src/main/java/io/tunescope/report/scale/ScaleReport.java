package io.tunescope.report.scale;

import io.tunescope.store.ResultsDir;
import io.tunescope.analysis.scale.PointResult;
import io.tunescope.analysis.scale.ScaleSummary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes the chart and the text tables of a finished scale run next to its summary.json. */
public final class ScaleReport {
    private ScaleReport() {
    }

    public static List<Path> write(Path outDir, ScaleSummary summary) throws IOException {
        List<Path> files = new ArrayList<>();
        List<ScaleChart.Curve> curves = new ArrayList<>();
        for (String mode : summary.modes()) {
            List<PointResult> ps = summary.points().stream().filter(p -> p.mode().equals(mode)).toList();
            if (ps.isEmpty()) {
                continue;
            }
            curves.add(new ScaleChart.Curve(mode, ps.stream().mapToDouble(PointResult::threads).toArray(),
                    ps.stream().mapToDouble(PointResult::opsPerSec).toArray(),
                    ps.stream().mapToDouble(p -> (p.ci95()[1] - p.ci95()[0]) / 2).toArray()));
        }
        String title = summary.engine() + ": " + summary.statement().replaceAll("\\s+", " ");
        files.addAll(ScaleChart.write(ScaleChart.build(title, "throughput (ops/s)", curves, summary.usl()),
                ResultsDir.of(outDir).throughputChart()));
        Path tables = ResultsDir.of(outDir).scaleTables();
        Files.writeString(tables, text(summary));
        files.add(tables);
        return files;
    }

    public static String text(ScaleSummary summary) {
        StringBuilder sb = new StringBuilder();
        sb.append(ScaleTables.points(summary.points())).append('\n');
        if (!summary.separateOverShared().isEmpty()) {
            sb.append(ScaleTables.ratios(summary.separateOverShared())).append('\n');
        }
        if (!summary.usl().isEmpty()) {
            sb.append("Universal Scalability Law fits\n").append(ScaleTables.usl(summary.usl())).append('\n');
        }
        if (summary.contention() != null) {
            sb.append("Contention (JFR jdk.JavaMonitorEnter + jdk.ThreadPark, threshold 0 ms; jdk.ExecutionSample)\n")
                    .append(ScaleTables.contention(summary.contention())).append('\n');
        }
        summary.warnings().forEach(w -> sb.append("warning: ").append(w).append('\n'));
        sb.append("verdict: ").append(summary.verdict()).append('\n');
        return sb.toString();
    }
}
