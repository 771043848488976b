package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The machine-readable result of one TPC-H run ({@code summary.json}). {@code complete} is false when the run was cut
 * short; {@code failure} then says why, and everything measured up to that point is still here. {@code monitor}
 * says how a monitored run observed its threads (absent for a run without {@code --monitor}).
 */
public record RunSummary(boolean complete, String failure, String engine, String engineVersion, double scaleFactor,
                         long seed, String startedAt, long wallMillis, RunConfigEcho config,
                         RunEnvironment environment, List<TenantSummary> tenants,
                         @JsonInclude(JsonInclude.Include.NON_NULL) MonitorSummary monitor)
        implements SummaryDocument {
    public RunSummary {
        tenants = tenants == null ? List.of() : tenants;
    }

    /** An unmonitored run's summary. */
    public RunSummary(boolean complete, String failure, String engine, String engineVersion, double scaleFactor,
                      long seed, String startedAt, long wallMillis, RunConfigEcho config,
                      RunEnvironment environment, List<TenantSummary> tenants) {
        this(complete, failure, engine, engineVersion, scaleFactor, seed, startedAt, wallMillis, config, environment,
                tenants, null);
    }

    /** Reads a run's summary; a file that holds another kind of summary is not one. */
    public static RunSummary read(Path file) throws IOException {
        if (SummaryDocument.read(file) instanceof RunSummary run) {
            return run;
        }
        throw new IOException(file + " is not the summary of a run");
    }

    /**
     * One tenant: its processes, throughput over the measurement window, per-query statistics, and its database's
     * own view of the run ({@code database}: settings, counters before and after; absent where none was read).
     */
    public record TenantSummary(String name, List<Long> pids, String cpus, Double throughputPerSec,
                                long executions, long errors, double measureSeconds, LoadSummary load,
                                List<QuerySummary> queries,
                                @JsonInclude(JsonInclude.Include.NON_NULL) TransactionMix transactions,
                                @JsonInclude(JsonInclude.Include.NON_NULL) DatabaseView database) {
        public TenantSummary {
            queries = queries == null ? List.of() : queries;
        }

        /** A tenant whose database's own view was not read. */
        public TenantSummary(String name, List<Long> pids, String cpus, Double throughputPerSec, long executions,
                             long errors, double measureSeconds, LoadSummary load, List<QuerySummary> queries,
                             TransactionMix transactions) {
            this(name, pids, cpus, throughputPerSec, executions, errors, measureSeconds, load, queries, transactions,
                    null);
        }

        /** A tenant without a summary of its transactions (TPC-H, pgbench). */
        public TenantSummary(String name, List<Long> pids, String cpus, Double throughputPerSec, long executions,
                             long errors, double measureSeconds, LoadSummary load, List<QuerySummary> queries) {
            this(name, pids, cpus, throughputPerSec, executions, errors, measureSeconds, load, queries, null, null);
        }
    }

    /** Generate-and-load time of a tenant's data, and the index build after it. */
    public record LoadSummary(long rows, long loadMillis, long indexMillis) {
    }

    /**
     * Statistics of one query's measured executions (warm-up excluded). Times cover successful executions;
     * {@code count} includes failed ones; {@code validated} is null when the run did not validate.
     */
    public record QuerySummary(String query, long count, long errors, Double meanMillis, Double p50Millis,
                               Double p95Millis, Double p99Millis, Double maxMillis, Long rows, Boolean validated,
                               String validationDetail,
                               @JsonInclude(JsonInclude.Include.NON_NULL) QueryMetricsMean metrics) {
        private static final TypeReference<Map<String, Object>> FIELDS = new TypeReference<>() {
        };

        /**
         * The metrics that are numbers, by their names in the file and in its order (empty when the run was not
         * monitored): analysis treats every measured metric alike, whatever its name.
         */
        public Map<String, Double> numericMetrics() {
            Map<String, Double> out = new LinkedHashMap<>();
            if (metrics != null) {
                Json.MAPPER.convertValue(metrics, FIELDS).forEach((name, value) -> {
                    if (value instanceof Number n) {
                        out.put(name, n.doubleValue());
                    }
                });
            }
            return out;
        }

        /** The same entry with the thread monitor's resource metrics ({@code run --monitor}). */
        public QuerySummary withMetrics(QueryMetricsMean newMetrics) {
            return new QuerySummary(query, count, errors, meanMillis, p50Millis, p95Millis, p99Millis, maxMillis, rows,
                    validated, validationDetail, newMetrics);
        }
    }
}
