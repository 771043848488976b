package io.tunescope.store;

import org.HdrHistogram.Histogram;

/**
 * Accumulates one query's measured executions in bounded memory: an HdrHistogram of response times (1 µs to 1 h,
 * 3 significant digits) plus exact count, sum and max.
 */
final class QueryStatistics {
    private static final long HIGHEST_MICROS = 3_600_000_000L;

    private final String query;
    private final Histogram micros = new Histogram(1, HIGHEST_MICROS, 3);
    private long count;
    private long errors;
    private long sumNanos;
    private long maxNanos;
    private Long rows;

    QueryStatistics(String query) {
        this.query = query;
    }

    void add(ExecutionRecord e) {
        count++;
        if (e.failed()) {
            errors++;
            return;
        }
        sumNanos += e.responseNanos();
        maxNanos = Math.max(maxNanos, e.responseNanos());
        micros.recordValue(Math.min(HIGHEST_MICROS, Math.max(1, e.responseNanos() / 1_000)));
        rows = e.rows();
    }

    long successes() {
        return count - errors;
    }

    RunSummary.QuerySummary summary(Boolean validated, String validationDetail) {
        long ok = successes();
        return new RunSummary.QuerySummary(query, count, errors,
                ok == 0 ? null : sumNanos / 1e6 / ok,
                ok == 0 ? null : percentileMillis(50),
                ok == 0 ? null : percentileMillis(95),
                ok == 0 ? null : percentileMillis(99),
                ok == 0 ? null : maxNanos / 1e6,
                rows, validated, validationDetail, null);
    }

    private double percentileMillis(double percentile) {
        return micros.getValueAtPercentile(percentile) / 1e3;
    }
}
