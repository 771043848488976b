package io.tunescope.experiment.monitor;

import io.tunescope.store.MonitorSummary;
import io.tunescope.store.QueryMetricsMean;

import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a {@link RunObserver} measured for summary.json: per tenant and query, the resource metrics averaged over the
 * query's measured executions. A query without an entry has no {@code metrics} in summary.json. {@code monitor}
 * (null when none) says how the threads were observed.
 */
public record RunMetrics(Map<String, Map<String, QueryMetricsMean>> byTenantAndQuery, MonitorSummary monitor) {
    public static final RunMetrics NONE = new RunMetrics(Map.of(), null);

    public RunMetrics {
        byTenantAndQuery = byTenantAndQuery.entrySet().stream()
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> Map.copyOf(e.getValue())));
    }

    public Optional<QueryMetricsMean> of(String tenant, String query) {
        return Optional.ofNullable(byTenantAndQuery.getOrDefault(tenant, Map.of()).get(query));
    }
}
