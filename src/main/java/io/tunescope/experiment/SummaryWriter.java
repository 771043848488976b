package io.tunescope.experiment;

import io.tunescope.Outcome;
import io.tunescope.experiment.monitor.RunMetrics;
import io.tunescope.store.DatabaseView;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDatabase;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.RunEnvironment;
import io.tunescope.store.RunSummary;
import io.tunescope.store.RunWarnings;
import io.tunescope.store.TenantStatistics;
import io.tunescope.store.TransactionMix;
import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.workload.tpcc.TpccWorkload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** Turns what the tenants recorded into summary.json and results.duckdb, and decides the run's exit code. */
final class SummaryWriter {
    private final TpchRunConfig config;
    private final List<TenantSlot> slots;
    private final RunMetrics metrics;

    SummaryWriter(TpchRunConfig config, List<TenantSlot> slots, RunMetrics metrics) {
        this.config = config;
        this.slots = slots;
        this.metrics = metrics;
    }

    RunOutcome write(Instant startedAt, long startNanos, RunFailure failure) throws IOException {
        List<RunSummary.TenantSummary> tenants = new ArrayList<>();
        for (TenantSlot slot : slots) {
            tenants.add(tenantSummary(slot));
        }
        String engineVersion = slots.stream().map(s -> s.engineVersion).filter(Objects::nonNull).findFirst().orElse(null);
        RunSummary summary = new RunSummary(failure == null, failure == null ? null : failure.getMessage(),
                config.connection().engine().id(), engineVersion, config.data().scaleFactor(), config.workload().seed(),
                startedAt.toString(),
                (System.nanoTime() - startNanos) / 1_000_000, config.echo(), RunEnvironment.capture(), tenants,
                metrics.monitor());
        Path outDir = config.output().dir();
        ResultsDir results = ResultsDir.of(outDir);
        String notWritten = null;
        try {
            Json.writeAtomically(results.summary(), RunWarnings.added(results.summary(), summary));
        } catch (UncheckedIOException e) {
            // a full disk or a directory made read-only: say so, and where what was measured still is
            notWritten = "summary not written (" + e.getMessage() + "); the executions measured are in "
                    + results.tenant("*").executions();
        }
        String dbProblem = null;
        if (notWritten == null) {
            try {
                ResultsDatabase.write(results, slots.stream().map(s -> s.executionsCsv).toList(), summary);
            } catch (SQLException e) {
                dbProblem = "results database not written: " + e.getMessage();
            }
        }
        if (failure != null) {
            return new RunOutcome(summary, outDir, failure.outcome,
                    notWritten == null ? failure.getMessage() : failure.getMessage() + "; " + notWritten);
        }
        if (notWritten != null) {
            return new RunOutcome(summary, outDir, Outcome.FAILURE, notWritten);
        }
        // TPC-C's failures are part of its result (the specified rollbacks, retried serialization failures), each
        // counted by SQLSTATE in its summary; its consistency conditions decide whether the run failed
        // a workload of its own transactions counts its failures per transaction and SQLSTATE in its mix
        String problem = tpcc() || config.workload().definition().kind() == WorkloadDefinition.Kind.FILE ? null
                : firstProblem(summary, results);
        if (problem == null && dbProblem != null) {
            problem = dbProblem;
        }
        return new RunOutcome(summary, outDir, problem == null ? Outcome.OK : Outcome.FAILURE, problem);
    }

    private RunSummary.TenantSummary tenantSummary(TenantSlot slot) throws IOException {
        TenantStatistics statistics = TenantStatistics.read(slot.executionsCsv);
        double seconds = Math.max(0, slot.measureEndNanos - slot.measureStartNanos) / 1e9;
        Double throughput = seconds > 0 ? statistics.successes() / seconds : null;
        RunSummary.LoadSummary load = slot.loadMillis == null ? null
                : new RunSummary.LoadSummary(slot.loadRows, slot.loadMillis, slot.indexMillis);
        List<RunSummary.QuerySummary> queries = new ArrayList<>();
        for (RunSummary.QuerySummary q : statistics.queries(slot.validations, slot.validationDetails, config.data().validate())) {
            queries.add(metrics.of(slot.name, q.query()).map(q::withMetrics).orElse(q));
        }
        return new RunSummary.TenantSummary(slot.name, slot.pids(), slot.cpus == null ? null : slot.cpus.text(),
                throughput, statistics.executions(), statistics.errors(), seconds, load, queries,
                mixNames() == null ? null : TransactionMix.read(slot.executionsCsv, mixNames(),
                        tpcc() ? TpccWorkload.TRANSACTIONS.get(0) : null, seconds, latencyLimitNanos())
                        .withConsistency(slot.consistency),
                slot.settingsReading == null && slot.countersBefore == null ? null
                        : DatabaseView.of(slot.settingsReading, slot.countersBefore, slot.countersAfter));
    }

    private boolean tpcc() {
        return config.workload().definition().kind() == WorkloadDefinition.Kind.TPCC;
    }

    /**
     * The transactions of a workload whose summary carries its mix (TPC-C, a workload file, pgbench scripts with a
     * latency limit), or null.
     */
    private List<String> mixNames() {
        WorkloadDefinition.Kind kind = config.workload().definition().kind();
        boolean mix = kind == WorkloadDefinition.Kind.TPCC || kind == WorkloadDefinition.Kind.FILE
                || kind == WorkloadDefinition.Kind.PGBENCH && config.workload().latencyLimit() != null;
        return mix ? config.workload().definition().transactions().transactionNames() : null;
    }

    private long latencyLimitNanos() {
        return config.workload().latencyLimit() == null ? 0 : config.workload().latencyLimit().toNanos();
    }

    /** Failed queries or validations make a finished run exit 1, named in one line. */
    private static String firstProblem(RunSummary summary, ResultsDir results) {
        List<String> invalid = new ArrayList<>();
        for (RunSummary.TenantSummary tenant : summary.tenants()) {
            for (RunSummary.QuerySummary q : tenant.queries()) {
                if (q.errors() > 0) {
                    return q.query() + " failed " + q.errors() + " of " + q.count() + " times on tenant " + tenant.name()
                            + " (errors are in " + tenant.name() + "/"
                            + results.tenant(tenant.name()).executions().getFileName() + ")";
                }
                if (Boolean.FALSE.equals(q.validated())) {
                    invalid.add(tenant.name() + "/" + q.query());
                }
            }
        }
        return invalid.isEmpty() ? null : "validation failed for " + invalid.stream().collect(Collectors.joining(", "))
                + " (details in " + results.summary().getFileName() + ")";
    }
}
