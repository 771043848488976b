package io.tunescope.tune.database;

import io.tunescope.experiment.RunOutcome;
import io.tunescope.store.ExecutionCsv;
import io.tunescope.store.ExecutionRecord;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.RunSummary;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The objective of one run, read from what the runner wrote; a run that did not finish cleanly has none. */
final class TrialObjective {
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
        if (errors > 0) {
            return new Value(null, errors + " query execution(s) failed");
        }
        return switch (objective.kind()) {
            case THROUGHPUT -> throughput(summary);
            case GEOMEAN -> geomean(summary);
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
        List<Long> nanos = new ArrayList<>();
        for (RunSummary.TenantSummary t : s.tenants()) {
            Path csv = ResultsDir.of(outDir).tenant(t.name()).executions();
            if (!Files.isRegularFile(csv)) {
                return new Value(null, "no executions file for tenant " + t.name());
            }
            ExecutionCsv.forEach(csv, e -> {
                if (e.phase() == ExecutionRecord.Phase.MEASURE && !e.failed()) {
                    nanos.add(e.responseNanos());
                }
            });
        }
        if (nanos.isEmpty()) {
            return new Value(null, "no execution was measured");
        }
        return new Value(nearestRank(nanos.stream().mapToLong(Long::longValue).toArray(), p) / 1e6, null);
    }

    /** The nearest-rank percentile: the smallest value with at least {@code p}% of the values at or below it. */
    static long nearestRank(long[] values, double p) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
