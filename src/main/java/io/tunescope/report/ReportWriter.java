package io.tunescope.report;

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
    public record Written(Path html, int charts, ExperimentAnalysis analysis, List<String> skipped) {
    }

    private ReportWriter() {
    }

    public static Written write(Path dir, long seed) throws IOException {
        ResultsDir results = ResultsDir.of(dir);
        List<String> skipped = new ArrayList<>();
        ExperimentAnalysis analysis = ExperimentAnalysis.of(ExperimentLoader.load(dir, skipped::add), seed);
        analysis.writeJson(results);
        Charts charts = Charts.of(analysis);
        for (ReportChart chart : charts.all()) {
            CsvFiles.write(results.chartData(chart.name()), chart);
        }
        String html = HtmlReport.render(analysis, ExperimentLoader.summary(results), charts);
        Path file = results.reportPage();
        Json.writeTextAtomically(file, html);
        return new Written(file, charts.all().size(), analysis, List.copyOf(skipped));
    }
}
