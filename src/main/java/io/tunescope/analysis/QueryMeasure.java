package io.tunescope.analysis;

import java.util.Map;

/**
 * One query in one cell: mean response time over its measured executions (all tenants together, weighted by
 * count), rows returned, and the thread monitor's metrics where the run had them (absent keys: not measured).
 */
public record QueryMeasure(String query, long count, double responseMillis, Double p95Millis, Long rows,
                           Map<String, Double> metrics) {
    public QueryMeasure {
        if (count < 1 || !(responseMillis >= 0)) {
            throw new IllegalArgumentException(query + ": count " + count + ", responseMillis " + responseMillis);
        }
        metrics = Map.copyOf(metrics);
    }
}
