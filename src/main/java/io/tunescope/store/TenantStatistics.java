package io.tunescope.store;

import io.tunescope.Notices;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Streams a tenant's executions file once and summarizes its measured executions per query. */
public final class TenantStatistics {
    private final Map<String, QueryStatistics> byQuery = new TreeMap<>(
            Comparator.comparingInt((String q) -> q.length()).thenComparing(q -> q));
    private long executions;
    private long errors;

    /** Reads {@code csv} (a missing file counts as no executions). */
    public static TenantStatistics read(Path csv) {
        TenantStatistics statistics = new TenantStatistics();
        if (!Files.exists(csv)) {
            return statistics;
        }
        ExecutionCsv.Reading reading = ExecutionCsv.forEach(csv, statistics::add);
        if (!reading.complete()) {
            // a tenant killed mid-write can leave a torn last line: keep everything before it
            Notices.say(ExecutionCsv.TORN_LAST_LINE.equals(reading.stoppedBy())
                    ? "tunescope: " + csv + ": " + ExecutionCsv.TORN_LAST_LINE + "; the " + reading.executions()
                        + " executions before it are counted"
                    : "tunescope: " + csv + ": stopped reading at a malformed line (" + String.valueOf(
                        reading.stoppedBy()).lines().findFirst().orElse("") + "); executions before it are counted");
        }
        return statistics;
    }

    void add(ExecutionRecord e) {
        if (e.phase() != ExecutionRecord.Phase.MEASURE) {
            return;
        }
        executions++;
        if (e.failed()) {
            errors++;
        }
        byQuery.computeIfAbsent(e.query(), QueryStatistics::new).add(e);
    }

    public long executions() {
        return executions;
    }

    public long errors() {
        return errors;
    }

    public long successes() {
        return executions - errors;
    }

    /** Per-query summaries in query order; {@code validations} maps query to verdict (absent: not validated). */
    public List<RunSummary.QuerySummary> queries(Map<String, Boolean> validations, Map<String, String> details,
                                                 boolean validating) {
        List<RunSummary.QuerySummary> result = new ArrayList<>();
        for (Map.Entry<String, QueryStatistics> entry : byQuery.entrySet()) {
            Boolean validated = validating ? validations.getOrDefault(entry.getKey(), false) : null;
            result.add(entry.getValue().summary(validated, validating ? details.get(entry.getKey()) : null));
        }
        return result;
    }
}
