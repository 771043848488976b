package io.tunescope.store;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;

class ResultsDirTest {
    private static final Path ROOT = Path.of("out");

    @Test
    void aRunKeepsItsSummaryDatabaseTenantsAndMonitorWhereEarlierVersionsWroteThem() {
        ResultsDir run = ResultsDir.of(ROOT);
        assertThat(run.summary()).isEqualTo(ROOT.resolve("summary.json"));
        assertThat(run.resultsDatabase()).isEqualTo(ROOT.resolve("results.duckdb"));
        TenantDir tenant = run.tenant("t2");
        assertThat(tenant.root()).isEqualTo(ROOT.resolve("tenants/t2"));
        assertThat(tenant.executions()).isEqualTo(ROOT.resolve("tenants/t2/executions.csv"));
        assertThat(tenant.agentSpec()).isEqualTo(ROOT.resolve("tenants/t2/agent.json"));
        assertThat(tenant.agentLog()).isEqualTo(ROOT.resolve("tenants/t2/agent.log"));
        MonitorDir monitor = run.monitor();
        assertThat(monitor.samples()).isEqualTo(ROOT.resolve("monitor/samples.tsraw"));
        assertThat(monitor.threadTotals()).isEqualTo(ROOT.resolve("monitor/monitor.json"));
        assertThat(monitor.queryMetrics()).isEqualTo(ROOT.resolve("monitor/query-metrics.csv"));
    }

    @Test
    void aPlanHoldsOneRunDirectoryPerCellAndTheReportWritesBesideIt() {
        ResultsDir plan = ResultsDir.of(ROOT);
        assertThat(plan.plan()).isEqualTo(ROOT.resolve("plan.json"));
        assertThat(plan.cell("users-1_r1").summary()).isEqualTo(ROOT.resolve("cells/users-1_r1/summary.json"));
        assertThat(plan.cell("users-1_r1").tenant("t1").executions())
                .isEqualTo(ROOT.resolve("cells/users-1_r1/tenants/t1/executions.csv"));
        assertThat(plan.reportPage()).isEqualTo(ROOT.resolve("report.html"));
        assertThat(plan.chartData("profiles")).isEqualTo(ROOT.resolve("report/profiles.csv"));
        assertThat(plan.profiles()).isEqualTo(ROOT.resolve("profiles.json"));
        assertThat(plan.groups()).isEqualTo(ROOT.resolve("groups.json"));
        assertThat(plan.comparisons()).isEqualTo(ROOT.resolve("comparisons.json"));
        assertThat(plan.groupChanges()).isEqualTo(ROOT.resolve("group-changes.json"));
        assertThat(plan.prediction()).isEqualTo(ROOT.resolve("prediction.json"));
    }

    @Test
    void theScaleLabAndTuneBenchNameTheirChartsAndRecordings() {
        ResultsDir lab = ResultsDir.of(ROOT);
        assertThat(lab.contentionRecording("shared", 8)).isEqualTo(ROOT.resolve("contention-shared-8t.jfr"));
        assertThat(lab.throughputChart()).isEqualTo(ROOT.resolve("throughput"));
        assertThat(lab.throughputPng()).isEqualTo(ROOT.resolve("throughput.png"));
        assertThat(lab.scaleTables()).isEqualTo(ROOT.resolve("report.txt"));
        assertThat(lab.benchChart("rosenbrock")).isEqualTo(ROOT.resolve("bench-rosenbrock"));
    }

    @Test
    void aMonitorSessionWritesItsSamplesAndSummaryIntoItsOwnDirectory() {
        MonitorDir session = new MonitorDir(ROOT);
        assertThat(session.samples()).isEqualTo(ROOT.resolve("samples.tsraw"));
        assertThat(session.summary()).isEqualTo(ROOT.resolve("summary.json"));
    }

    @Test
    void aTuningSessionKeepsItsJournalBestLogsAndChart() {
        TuningDir session = TuningDir.of(ROOT);
        assertThat(session.journal()).isEqualTo(ROOT.resolve("journal.jsonl"));
        assertThat(session.best()).isEqualTo(ROOT.resolve("best.json"));
        assertThat(session.summary()).isEqualTo(ROOT.resolve("summary.json"));
        assertThat(session.tuningFileReference()).isEqualTo(ROOT.resolve("tuning-file.txt"));
        assertThat(session.logs()).isEqualTo(ROOT.resolve("logs"));
        assertThat(session.trialLog(7)).isEqualTo(ROOT.resolve("logs/trial-7.stderr"));
        assertThat(session.convergenceChart()).isEqualTo(ROOT.resolve("convergence"));
        assertThat(session.convergencePng()).isEqualTo(ROOT.resolve("convergence.png"));
    }

    @Test
    void aCommandWithoutAnOutputDirectoryWritesUnderRunsWithATimestamp() {
        assertThat(ResultsDir.timestamped("scale-derby", LocalDateTime.of(2026, 3, 4, 5, 6, 7)))
                .isEqualTo(Path.of("runs", "scale-derby-20260304-050607"));
    }
}
