package io.tunescope.experiment.monitor;

import io.tunescope.Externals;
import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.cli.Main;
import io.tunescope.engine.Engines;
import io.tunescope.monitor.MonitoredProcess;
import io.tunescope.monitor.role.DuckDbClassifier;
import io.tunescope.monitor.role.PostgresClassifier;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RunMonitorTest {
    @Test
    void postgresIsThePostmasterWithItsChildrenAndDuckDbTheAgent() {
        List<MonitoredProcess> pg = RunMonitor.processesOf(new RunObserver.TenantProcesses("t1", Engines.byId("postgres"),
                List.of(100L, 101L, 102L), Path.of("x.csv")));
        assertThat(pg).hasSize(1);
        assertThat(pg.get(0).pid()).isEqualTo(100);
        assertThat(pg.get(0).includeChildren()).isTrue();
        assertThat(pg.get(0).classifier()).isInstanceOf(PostgresClassifier.class);
        List<MonitoredProcess> duck = RunMonitor.processesOf(new RunObserver.TenantProcesses("t2", Engines.byId("duckdb"),
                List.of(200L), Path.of("x.csv")));
        assertThat(duck).singleElement().satisfies(p -> {
            assertThat(p.tenant()).isEqualTo("t2");
            assertThat(p.includeChildren()).isFalse();
            assertThat(p.classifier()).isInstanceOf(DuckDbClassifier.class);
        });
        assertThat(RunMonitor.processesOf(new RunObserver.TenantProcesses("t3", Engines.byId("jdbc"), List.of(),
                Path.of("x.csv")))).isEmpty();
    }

    @Test
    void runWithMonitorGivesEveryQueryItsMetrics(@TempDir Path dir) throws Exception {
        Externals.linuxProc();
        Path out = dir.resolve("run");
        int code = Main.execute("run", "--engine", "duckdb", "--sf", "0.01", "--users", "1", "--workload",
                "sequence", "--iterations", "1", "--monitor", "--interval", "4ms", "--out", out.toString());
        assertThat(code).isZero();
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        JsonNode queries = summary.get("tenants").get(0).get("queries");
        assertThat(queries).hasSize(22);
        double totalWorkerCpu = 0;
        for (JsonNode q : queries) {
            JsonNode m = q.get("metrics");
            assertThat(m).as(q.get("query").asText()).isNotNull();
            for (String name : new String[] {"responseMillis", "processingMillis", "activeWorkers", "rsRatio",
                "rsJumps", "workerCpuMillis", "totalCpuMillis", "cpuJumps", "contextSwitches"}) {
                assertThat(m.has(name)).as(name).isTrue();
            }
            assertThat(m.get("responseMillis").asDouble()).isCloseTo(q.get("meanMillis").asDouble(), within(0.01));
            totalWorkerCpu += m.get("workerCpuMillis").asDouble();
        }
        assertThat(totalWorkerCpu).isPositive();
        JsonNode monitor = Json.MAPPER.readTree(out.resolve("monitor/monitor.json").toFile());
        assertThat(monitor.get("threads").findValuesAsText("group")).contains("duck-t1", "user-t1");
        assertThat(Files.readAllLines(out.resolve("monitor/query-metrics.csv"))).hasSize(23);
        assertThat(Files.size(out.resolve("monitor/samples.tsraw"))).isPositive();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:"
                + out.resolve("results.duckdb").toAbsolutePath());
             java.sql.ResultSet rs = c.createStatement().executeQuery(
                     "SELECT count(*), count(DISTINCT query), sum(workerCpuMillis) FROM query_metrics")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(22);
            assertThat(rs.getLong(2)).isEqualTo(22);
            assertThat(rs.getDouble(3)).isCloseTo(totalWorkerCpu, within(0.05));
        }
    }

    @Test
    void exactModeFallsBackToSamplingWithAOneLineReason(@TempDir Path dir) throws Exception {
        Externals.linuxProc();
        Path noTracefs = Files.createDirectories(dir.resolve("no-tracefs"));
        RunMonitor m = new RunMonitor(io.tunescope.monitor.MonitorOptions.defaults(java.time.Duration.ofMillis(8)),
                null, noTracefs);
        m.measurementStarting(List.of(new RunObserver.TenantProcesses("t1", Engines.byId("duckdb"),
                List.of(ProcessHandle.current().pid()), dir.resolve("executions.csv"))), dir.resolve("run"));
        m.measurementStopped();
        RunMetrics metrics = m.measurementFinished();
        assertThat(metrics.monitor().mode()).isEqualTo("sample");
        assertThat(metrics.monitor().fallback()).startsWith("exact mode unavailable: no tracefs with scheduler events at "
                + noTracefs).endsWith("; sampling only").doesNotContain("\n");
        assertThat(m.problems()).contains(metrics.monitor().fallback());
        assertThat(dir.resolve("run/monitor/query-metrics-exact.csv")).doesNotExist();
    }

    @Test
    void runWithMonitorExactGivesEveryQueryBothMetricsAndAgreesWithSchedstat(@TempDir Path dir) throws Exception {
        Externals.require(io.tunescope.monitor.trace.TracefsTracer.prepare(
                io.tunescope.monitor.trace.TracefsTracer.DEFAULT_ROOT, line -> { }) == null, "root and tracefs");
        Path out = dir.resolve("run");
        int code = Main.execute("run", "--engine", "duckdb", "--sf", "0.01", "--users", "1", "--workload",
                "sequence", "--iterations", "1", "--monitor", "--exact", "--out", out.toString());
        assertThat(code).isZero();
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        JsonNode queries = summary.get("tenants").get(0).get("queries");
        assertThat(queries).hasSize(22);
        for (JsonNode q : queries) {
            JsonNode exact = q.get("metrics").get("exact");
            assertThat(exact).as(q.get("query").asText()).isNotNull();
            for (String name : new String[] {"processingMillis", "activeWorkers", "rsJumps", "workerCpuMillis",
                "cpuJumps", "runDelayMillis"}) {
                assertThat(exact.get(name).isNumber()).as(q.get("query").asText() + " " + name).isTrue();
            }
            assertThat(exact.get("responseMillis").asDouble())
                    .isEqualTo(q.get("metrics").get("responseMillis").asDouble());
        }
        JsonNode monitor = summary.get("monitor");
        assertThat(monitor.get("mode").asText()).isEqualTo("exact");
        JsonNode check = monitor.get("schedstat");
        assertThat(check.get("threads").asInt()).isPositive();
        assertThat(check.get("schedstatCpuMillis").asDouble()).isPositive();
        // The goal: 1 %. On-CPU time comes from the kernel's runtime charges (sched_stat_runtime), the counter
        // schedstat sums, so only a thread on a CPU at a reading may differ, by up to a scheduler tick (10 ms covers
        // HZ 100 and up). Before the charges, short SF 0.01 runs read 2-4 % low at times, and -20.8 % before that.
        double trace = check.get("traceCpuMillis").asDouble();
        double kernel = check.get("schedstatCpuMillis").asDouble();
        assertThat(trace).as("trace on-CPU vs schedstat over the traced window: %s", check)
                .isCloseTo(kernel, org.assertj.core.data.Offset.offset(
                        0.01 * kernel + 10.0 * check.get("onCpuAtReading").asInt() + 0.5));
        assertThat(check.get("withinOnePercent").asBoolean()).isEqualTo(
                Math.abs(check.get("totalDifferencePercent").asDouble()) <= 1.0
                        && Math.abs(check.get("worstDifferencePercent").asDouble()) <= 1.0);
        assertThat(Files.readAllLines(out.resolve("monitor/query-metrics-exact.csv"))).hasSize(23);
        assertThat(Files.readAllLines(out.resolve("monitor/schedstat-check.csv")))
                .hasSize(check.get("threads").asInt() + 1);
    }
}
