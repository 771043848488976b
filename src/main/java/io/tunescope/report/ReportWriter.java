package io.tunescope.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.analysis.ExperimentAnalysis;
import io.tunescope.analysis.ExperimentLoader;
import io.tunescope.store.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code tunescope report DIR}: analyzes an experiment directory, writes the analysis JSON files, one CSV per chart
 * under DIR/report/, and DIR/report.html with every chart embedded as PNG (viewable offline).
 */
public final class ReportWriter {
    /** What was written: the page, how many charts, and the analysis itself. */
    public record Written(Path html, int charts, ExperimentAnalysis analysis) {
    }

    private ReportWriter() {
    }

    public static Written write(Path dir, long seed) throws IOException {
        ExperimentAnalysis analysis = ExperimentAnalysis.of(ExperimentLoader.load(dir), seed);
        analysis.writeJson(dir);
        Charts charts = Charts.of(analysis);
        for (ReportChart chart : charts.all()) {
            CsvFiles.write(dir.resolve("report"), chart);
        }
        JsonNode planSummary = Json.MAPPER.readTree(dir.resolve("summary.json").toFile());
        String html = HtmlReport.render(analysis, planSummary, charts);
        Path file = dir.resolve("report.html");
        Path tmp = Files.createTempFile(dir, "report", ".html.tmp");
        Files.writeString(tmp, html, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new Written(file, charts.all().size(), analysis);
    }
}
