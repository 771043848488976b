package io.tunescope.report;

import io.tunescope.store.RunSummary;
import io.tunescope.store.TransactionMix;

import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

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
            if (tenant.transactions() != null) {
                transactions(out, tenant.transactions());
                continue;
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

    /**
     * A workload of named transactions (TPC-C, pgbench scripts, workload files): per transaction its measured
     * executions, the committed ones, its share, throughput and the committed ones' percentiles, its failures by
     * SQLSTATE; then TPC-C's tpmC and its consistency verdict, last, where a reader of the console looks.
     */
    private static void transactions(StringBuilder out, TransactionMix mix) {
        out.append(String.format(Locale.ROOT, "  %-12s %7s %9s %7s %9s %9s %9s %9s  %s%n", "transaction", "count",
                "committed", "share %", "commit/s", "p50 ms", "p90 ms", "p99 ms", "errors by SQLSTATE"));
        for (TransactionMix.Transaction t : mix.transactions()) {
            out.append(String.format(Locale.ROOT, "  %-12s %7d %9d %7.1f %9.2f %9s %9s %9s  %s%n", t.name(),
                    t.count(), t.committed(), t.sharePercent(), t.committedPerSec(), millis(t.p50Millis()),
                    millis(t.p90Millis()), millis(t.p99Millis()), errors(t.errorsBySqlState())));
        }
        if (mix.tpmC() != null) {
            out.append(String.format(Locale.ROOT, "  tpmC %,.1f  NOTPM %,.1f  (New-Orders committed per minute over"
                    + " %.1f s; not audited TPC figures)%n", mix.tpmC(), mix.notpm(), mix.measureSeconds()));
        }
        if (mix.consistency() != null) {
            out.append("  TPC-C consistency conditions 1-4: ").append(mix.consistency().equals(TransactionMix.PASSED) ? "passed"
                    : "FAILED: " + mix.consistency()).append(System.lineSeparator());
        }
    }

    private static String errors(Map<String, Long> bySqlState) {
        if (bySqlState == null || bySqlState.isEmpty()) {
            return "-";
        }
        StringJoiner text = new StringJoiner(", ");
        bySqlState.forEach((state, count) -> text.add(state + ": " + count));
        return text.toString();
    }

    private static String millis(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.2f", value);
    }
}
