package io.tunescope.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/** One chart of the report: its PNG, a caption, and the data it draws (written beside it as CSV). */
public record ReportChart(String name, String title, String caption, byte[] png, List<String> csvHeader,
                          List<List<Object>> csvRows) {
    public ReportChart {
        if (!name.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("chart name must be a file-name-safe slug: " + name);
        }
        csvHeader = List.copyOf(csvHeader);
        csvRows = List.copyOf(csvRows);
    }

    static byte[] png(Chart<?, ?> chart) {
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render chart: " + e.getMessage(), e);
        }
    }
}
