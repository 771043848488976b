package io.tunescope.experiment.monitor;

import io.tunescope.monitor.SamplingErrorStudy;
import io.tunescope.store.Json;
import io.tunescope.store.MonitorDir;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sampling-error study of a run in exact mode: {@code monitor/sampling-error.csv} (one line per measured
 * execution, metric and way of sampling) and {@code monitor/sampling-error.json} (the table: median and 90th
 * percentile of the relative error per metric and interval, over all executions and by their length in intervals).
 */
final class SamplingErrorFiles {
    /** The resampling intervals of the study, as the issue asks: 1, 2, 4, 8 and 16 ms. */
    static final List<Long> INTERVALS_NANOS = List.of(1_000_000L, 2_000_000L, 4_000_000L, 8_000_000L, 16_000_000L);

    private SamplingErrorFiles() {
    }

    static void write(MonitorDir dir, List<SamplingErrorStudy.Row> rows) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(dir.samplingError(), StandardCharsets.UTF_8)) {
            out.write("tenant,user,query,responseMillis,source,intervalMillis,metric,exact,sampled,errorPercent");
            out.newLine();
            for (SamplingErrorStudy.Row r : rows) {
                out.write(String.format(Locale.ROOT, "%s,%d,%s,%.3f,%s,%.0f,%s,%.4f,%.4f,%.3f", r.tenant(), r.user(),
                        r.query(), r.responseMillis(), r.source(), r.intervalMillis(), r.metric(), r.exact(),
                        r.sampled(), r.errorPercent()));
                out.newLine();
            }
        }
        Json.writeAtomically(dir.samplingErrorTable(), Map.of("lengthBucketsInIntervals",
                SamplingErrorStudy.LENGTH_BUCKETS, "cells", SamplingErrorStudy.table(rows)));
    }
}
