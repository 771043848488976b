package io.tunescope.tune.database;

import io.tunescope.experiment.RunOutcome;
import io.tunescope.store.ExecutionCsv;
import io.tunescope.store.ExecutionRecord;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.RunSummary;
import org.HdrHistogram.Histogram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The objective of one run, read from what the runner wrote; a run that did not finish cleanly has none. */
final class TrialObjective {
    private static final long HIGHEST_MICROS = 3_600_000_000L;

    /** The objective value, or why there is none. */
    record Value(Double value, String reason) {
    }

    private TrialObjective() {
    }

    static Value of(Objective objective, RunOutcome outcome) {
        RunSummary summary = outcome.summary();
        if (summary == null || !summary.complete()) {
            return new Value(null, summary != null && summary.failure() != null ? summary.failure()
                    : outcome.problem() != null ? outcome.problem() : "the run did not complete");
        }
        long errors = summary.tenants().stream().mapToLong(RunSummary.TenantSummary::errors).sum();
        // a TPC-C run's failed executions (the specified rollbacks, retried conflicts) are part of its result
        boolean transactions = summary.tenants().stream().anyMatch(t -> t.transactions() != null);
        if (errors > 0 && !transactions) {
            return new Value(null, errors + " query execution(s) failed");
        }
        return switch (objective.kind()) {
            case THROUGHPUT -> throughput(summary);
            case GEOMEAN -> geomean(summary);
            case NOTPM -> notpm(summary);
            case LATENCY -> percentile(objective.percentile(), outcome.outDir(), summary);
        };
    }

    private static Value throughput(RunSummary s) {
        double sum = 0;
        for (RunSummary.TenantSummary t : s.tenants()) {
            if (t.throughputPerSec() == null) {
                return new Value(null, "tenant " + t.name() + " has no throughput");
            }
            sum += t.throughputPerSec();
        }
        return sum > 0 ? new Value(sum, null) : new Value(null, "no execution was measured");
    }

    /** New-Orders committed per minute, summed over the tenants: TPC-C runs only. */
    static Value notpm(RunSummary s) {
        double sum = 0;
        for (RunSummary.TenantSummary t : s.tenants()) {
            if (t.transactions() == null || t.transactions().notpm() == null) {
                return new Value(null, "tenant " + t.name() + " ran no TPC-C (objective notpm needs workload tpcc)");
            }
            sum += t.transactions().notpm();
        }
        return sum > 0 ? new Value(sum, null) : new Value(null, "no New-Order committed");
    }

    /** exp(mean(ln t_q)) over the queries' mean times, in milliseconds. */
    static Value geomean(RunSummary s) {
        List<Double> means = new ArrayList<>();
        for (RunSummary.TenantSummary t : s.tenants()) {
            for (RunSummary.QuerySummary q : t.queries()) {
                if (q.meanMillis() != null && q.meanMillis() > 0) {
                    means.add(q.meanMillis());
                }
            }
        }
        if (means.isEmpty()) {
            return new Value(null, "no query was measured");
        }
        return new Value(Math.exp(means.stream().mapToDouble(Math::log).average().orElseThrow()), null);
    }

    private static Value percentile(double p, Path outDir, RunSummary s) {
        // bounded memory however long the run: 1 µs to 1 h at 3 significant digits, as the run summary's own
        Histogram micros = new Histogram(1, HIGHEST_MICROS, 3);
        for (RunSummary.TenantSummary t : s.tenants()) {
            Path csv = ResultsDir.of(outDir).tenant(t.name()).executions();
            if (!Files.isRegularFile(csv)) {
                return new Value(null, "no executions file for tenant " + t.name());
            }
            ExecutionCsv.forEach(csv, e -> {
                if (e.phase() == ExecutionRecord.Phase.MEASURE && !e.failed()) {
                    micros.recordValue(Math.min(HIGHEST_MICROS, Math.max(1, e.responseNanos() / 1_000)));
                }
            });
        }
        if (micros.getTotalCount() == 0) {
            return new Value(null, "no execution was measured");
        }
        return new Value(micros.getValueAtPercentile(p) / 1e3, null);
    }
}
