package io.tunescope.report;

import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes each chart's data as CSV (Jackson's CSV writer does the quoting). */
final class CsvFiles {
    private static final CsvMapper MAPPER = new CsvMapper();

    private CsvFiles() {
    }

    static Path write(Path file, ReportChart chart) {
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
        chart.csvHeader().forEach(schema::addColumn);
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            List<List<String>> rows = new ArrayList<>();
            for (List<Object> row : chart.csvRows()) {
                rows.add(row.stream().map(v -> v == null ? "" : v.toString()).toList());
            }
            MAPPER.writer(schema.build()).writeValue(file.toFile(), rows);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
