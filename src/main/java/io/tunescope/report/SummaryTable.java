package io.tunescope.report;

import io.tunescope.store.RunSummary;

import java.util.Locale;

/** Renders a run's summary as a terminal table, one block per tenant. */
public final class SummaryTable {
    private SummaryTable() {
    }

    public static String render(RunSummary summary) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%s, scale factor %s, seed %d%s%n", summary.engineVersion() == null
                ? summary.engine() : summary.engineVersion(), summary.scaleFactor(), summary.seed(),
                summary.complete() ? "" : "  (INCOMPLETE: " + summary.failure() + ")"));
        for (RunSummary.TenantSummary tenant : summary.tenants()) {
            out.append(String.format(Locale.ROOT, "%ntenant %s  pids %s%s  %d executions, %d errors, %s queries/s over %.1f s%n",
                    tenant.name(), tenant.pids(), tenant.cpus() == null ? "" : "  cpus " + tenant.cpus(),
                    tenant.executions(), tenant.errors(),
                    tenant.throughputPerSec() == null ? "-" : String.format(Locale.ROOT, "%.2f", tenant.throughputPerSec()),
                    tenant.measureSeconds()));
            if (tenant.load() != null) {
                out.append(String.format(Locale.ROOT, "  loaded %,d rows in %.1f s (+ %.1f s keys and indexes)%n",
                        tenant.load().rows(), tenant.load().loadMillis() / 1e3, tenant.load().indexMillis() / 1e3));
            }
            out.append(String.format(Locale.ROOT, "  %-5s %6s %6s %10s %10s %10s %10s %8s  %s%n",
                    "query", "count", "errors", "mean ms", "p50 ms", "p95 ms", "max ms", "rows", "validated"));
            for (RunSummary.QuerySummary q : tenant.queries()) {
                out.append(String.format(Locale.ROOT, "  %-5s %6d %6d %10s %10s %10s %10s %8s  %s%n", q.query(),
                        q.count(), q.errors(), millis(q.meanMillis()), millis(q.p50Millis()), millis(q.p95Millis()),
                        millis(q.maxMillis()), q.rows() == null ? "-" : q.rows(),
                        q.validated() == null ? "-" : q.validated() ? "yes" : "NO: " + q.validationDetail()));
            }
        }
        return out.toString();
    }

    private static String millis(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.2f", value);
    }
}
