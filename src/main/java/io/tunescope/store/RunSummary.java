package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * The machine-readable result of one TPC-H run ({@code summary.json}). {@code complete} is false when the run was cut
 * short; {@code failure} then says why, and everything measured up to that point is still here.
 */
public record RunSummary(boolean complete, String failure, String engine, String engineVersion, double scaleFactor,
                         long seed, String startedAt, long wallMillis, Map<String, Object> config,
                         RunEnvironment environment, List<TenantSummary> tenants) {

    /** One tenant: its processes, throughput over the measurement window, and per-query statistics. */
    public record TenantSummary(String name, List<Long> pids, String cpus, Double throughputPerSec,
                                long executions, long errors, double measureSeconds, LoadSummary load,
                                List<QuerySummary> queries) {
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
                               @JsonInclude(JsonInclude.Include.NON_NULL) Object metrics) {

        /** The same entry with the thread monitor's resource metrics ({@code run --monitor}). */
        public QuerySummary withMetrics(Object newMetrics) {
            return new QuerySummary(query, count, errors, meanMillis, p50Millis, p95Millis, p99Millis, maxMillis, rows,
                    validated, validationDetail, newMetrics);
        }
    }
}
