package io.tunescope.report;

import io.tunescope.analysis.CrossEnginePrediction;
import io.tunescope.analysis.ExperimentAnalysis;
import io.tunescope.analysis.ExperimentLoader;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tunescope report DIR}: analyzes an experiment directory, writes the analysis JSON files, one CSV per chart
 * under DIR/report/, and DIR/report.html with every chart embedded as PNG (viewable offline).
 */
public final class ReportWriter {
    /** What was written: the page, how many charts, the analysis itself, and the cells left out as unreadable. */
    public record Written(Path html, int charts, ExperimentAnalysis analysis, List<String> skipped,
                          CrossEnginePrediction.Report crossEngine) {
    }

    private ReportWriter() {
    }

    public static Written write(Path dir, long seed) throws IOException {
        return write(dir, seed, null);
    }

    /**
     * As {@link #write(Path, long)}; with {@code otherEngine} (another engine's experiment with the same factors) also
     * the prediction across engines, both ways: {@code cross-engine.json} and section 5 of the page.
     */
    public static Written write(Path dir, long seed, Path otherEngine) throws IOException {
        ResultsDir results = ResultsDir.of(dir);
        List<String> skipped = new ArrayList<>();
        ExperimentAnalysis analysis = ExperimentAnalysis.of(ExperimentLoader.load(dir, skipped::add), seed);
        analysis.writeJson(results);
        CrossEnginePrediction.Report cross = null;
        if (otherEngine != null) {
            cross = CrossEnginePrediction.evaluate(analysis.data(),
                    ExperimentLoader.load(otherEngine, p -> skipped.add(otherEngine + ": " + p)), seed);
            Json.writeAtomically(results.crossEngine(), cross);
        }
        Charts charts = Charts.of(analysis, cross);
        for (ReportChart chart : charts.all()) {
            CsvFiles.write(results.chartData(chart.name()), chart);
        }
        String html = HtmlReport.render(analysis, ExperimentLoader.summary(results), charts, cross);
        Path file = results.reportPage();
        Json.writeTextAtomically(file, html);
        return new Written(file, charts.all().size(), analysis, List.copyOf(skipped), cross);
    }
}
