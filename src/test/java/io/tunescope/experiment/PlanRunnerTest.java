package io.tunescope.experiment;

import io.tunescope.SchemaCheck;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.experiment.plan.Cell;
import io.tunescope.experiment.plan.ExperimentPlan;
import io.tunescope.experiment.plan.PlanParser;
import io.tunescope.monitor.trace.TracefsTracer;
import io.tunescope.store.CellStatus;
import io.tunescope.store.Json;
import io.tunescope.store.PlanSummary;
import io.tunescope.store.PlanSummary.CellSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs real (tiny) plans on DuckDB: cells through TpchRunner, interruption and resume. */
class PlanRunnerTest {
    private static final String TINY = """
            name: tiny
            base:
              engine: duckdb
              scaleFactor: 0.01
              workload: "single:Q6"
              iterations: 1
              monitorInterval: 8ms
            factors:
              users: [1, 2]
            repetitions: 1
            """;

    private static String startedAt(Path cellDir) throws Exception {
        return Json.MAPPER.readTree(cellDir.resolve("summary.json").toFile()).get("startedAt").asText();
    }

    @Test
    void anInterruptedPlanResumesWithoutRedoingFinishedCells(@TempDir Path dir) throws Exception {
        Path planFile = dir.resolve("tiny.yaml");
        Files.writeString(planFile, TINY);
        Path out = dir.resolve("out");
        ExperimentPlan plan = PlanParser.read(planFile);
        List<Cell> cells = plan.cells();
        List<String> ran = new ArrayList<>();
        PlanRunner[] runner = new PlanRunner[1];
        runner[0] = new PlanRunner(plan, out, (cell, status) -> {
            ran.add(cell.id());
            runner[0].stop();   // as Ctrl-C would after the first cell
        });
        PlanSummary first = runner[0].run();
        assertThat(ran).containsExactly(cells.get(0).id());
        assertThat(first.complete()).isFalse();
        assertThat(first.failure()).contains("resume");
        assertThat(first.cells()).extracting(CellSummary::status).containsExactly(CellStatus.DONE, CellStatus.PENDING);
        Path done = runner[0].cellDir(cells.get(0));
        String firstStart = startedAt(done);

        assertThat(Main.execute("run", planFile.toString(), "--out", out.toString())).isEqualTo(ExitCode.OK);
        assertThat(startedAt(done)).isEqualTo(firstStart);
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("complete").asBoolean()).isTrue();
        assertThat(summary.get("cellsSkippedAsDone").asInt()).isEqualTo(1);
        assertThat(summary.get("cellsDone").asInt()).isEqualTo(2);
        assertThat(summary.get("environment").get("cpuCount").asInt()).isPositive();
        assertThat(SchemaCheck.problems("plan", summary)).isEmpty();
        JsonNode second = Json.MAPPER.readTree(runner[0].cellDir(cells.get(1)).resolve("summary.json").toFile());
        assertThat(SchemaCheck.problems("run", second)).isEmpty();
        assertThat(second.get("config").get("users").asInt()).isEqualTo(2);
        JsonNode q6 = second.get("tenants").get(0).get("queries").get(0);
        assertThat(q6.get("count").asInt()).isEqualTo(2);
        assertThat(q6.get("metrics").get("responseMillis").asDouble()).isPositive();   // the monitor ran in the cell
        assertThat(summary.get("monitor").asText()).contains("every 8 ms");

        // one SQL query spans the cells of the plan's results.duckdb, and every cell's samples export as one table
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + out.resolve("results.duckdb").toAbsolutePath());
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT string_agg(CAST(\"count\" AS VARCHAR), ',' ORDER BY \"count\"), "
                     + "count(DISTINCT cell) FROM cells_tenants_queries WHERE query = 'Q6'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("1,2");   // users 1 and users 2, one iteration each
            assertThat(rs.getLong(2)).isEqualTo(2);
        }
        Path export = dir.resolve("export");
        assertThat(Main.execute("export", out.toString(), "--out", export.toString(), "--samples"))
                .isEqualTo(ExitCode.OK);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(DISTINCT recording), count(*) FROM read_parquet('"
                     + export.resolve("thread_samples.parquet").toAbsolutePath() + "')")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).as("one recording per cell").isEqualTo(2);
            assertThat(rs.getLong(2)).isPositive();
        }

        // the real cells analyze and report end to end
        assertThat(Main.execute("report", out.toString())).isEqualTo(ExitCode.OK);
        assertThat(out.resolve("report.html")).isNotEmptyFile();
        assertThat(Json.MAPPER.readTree(out.resolve("comparisons.json").toFile()).get(0).get("factor").asText())
                .isEqualTo("users");
        assertThat(Json.MAPPER.readTree(out.resolve("groups.json").toFile()).get("groups").get(0).get("queries")
                .get(0).asText()).isEqualTo("Q6");
        assertThat(Json.MAPPER.readTree(out.resolve("prediction.json").toFile()).get("scenarios").asInt()).isEqualTo(2);

        // a cell cut short mid-run (incomplete summary) is run again from scratch
        Path cut = runner[0].cellDir(cells.get(1)).resolve("summary.json");
        Files.writeString(cut, Files.readString(cut).replace("\"complete\" : true", "\"complete\" : false"));
        assertThat(Main.execute("run", planFile.toString(), "--out", out.toString())).isEqualTo(ExitCode.OK);
        assertThat(Json.MAPPER.readTree(cut.toFile()).get("complete").asBoolean()).isTrue();
        assertThat(startedAt(done)).isEqualTo(firstStart);

        // plan.json holds the resolved plan, read back as the record that wrote it
        JsonNode planJson = Json.MAPPER.readTree(out.resolve("plan.json").toFile());
        assertThat(planJson.get("type").asText()).isEqualTo("plan-resolved");
        assertThat(planJson.get("base").get("monitorIntervalMillis").asLong()).isEqualTo(8);
        assertThat(planJson.get("base").has("durationMillis")).isTrue();
        assertThat(Json.read(out.resolve("plan.json"), io.tunescope.store.ResolvedPlan.class).factors())
                .containsEntry("users", List.of("1", "2"));

        // the same directory refuses a different plan
        Files.writeString(planFile, TINY.replace("[1, 2]", "[1, 3]"));
        assertThat(Main.execute("run", planFile.toString(), "--out", out.toString())).isEqualTo(ExitCode.BAD_INPUT);
    }

    @Test
    void aPlanWithTheExactModeGivesEachCellsQueriesTheExactMetricsBesideTheSampled(@TempDir Path dir)
            throws Exception {
        Externals.require(TracefsTracer.prepare(TracefsTracer.DEFAULT_ROOT, line -> { }) == null, "root and tracefs");
        Path planFile = dir.resolve("exact.yaml");
        Files.writeString(planFile, TINY.replace("monitorInterval: 8ms", "monitorInterval: 8ms\n  monitorExact: true")
                .replace("users: [1, 2]", "users: [1]"));
        Path out = dir.resolve("out");
        assertThat(Main.execute("run", planFile.toString(), "--out", out.toString())).isEqualTo(ExitCode.OK);
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("monitor").asText()).contains("exact");
        assertThat(summary.get("base").get("monitorExact").asBoolean()).isTrue();
        ExperimentPlan plan = PlanParser.read(planFile);
        Path cell = new PlanRunner(plan, out, (c, s) -> { }).cellDir(plan.cells().get(0));
        JsonNode cellSummary = Json.MAPPER.readTree(cell.resolve("summary.json").toFile());
        JsonNode q6 = cellSummary.get("tenants").get(0).get("queries").get(0);
        assertThat(q6.get("metrics").get("exact").get("workerCpuMillis").isNumber()).isTrue();
        assertThat(cellSummary.get("monitor").get("mode").asText()).isEqualTo("exact");
    }

    @Test
    void aCellThatBreaksARuleFailsAsBadInputAndStopsThePlan(@TempDir Path dir) throws Exception {
        Path planFile = dir.resolve("bad.yaml");
        // two CPU lists fit the cell with two tenants but not the one with one tenant, which runs first
        Files.writeString(planFile, TINY.replace("users: [1, 2]", "tenants: [1, 2]")
                .replace("iterations: 1", "iterations: 1\n  cpus: \"0/0\""));
        Path out = dir.resolve("out");
        PlanSummary summary = new PlanRunner(PlanParser.read(planFile), out, PlanRunner.CellListener.NONE).run();
        assertThat(summary.outcome()).isEqualTo(io.tunescope.Outcome.BAD_INPUT);
        assertThat(summary.cells()).extracting(CellSummary::status)
                .containsExactly(CellStatus.FAILED, CellStatus.PENDING);
        assertThat(summary.cells().get(0).failureKind()).isEqualTo(io.tunescope.Outcome.BAD_INPUT);
        JsonNode written = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(written.get("cells").get(0).get("problem").asText()).startsWith("bad input: cpus (0/0)");
        assertThat(written.get("failure").asText()).startsWith("cell ").contains(": bad input: cpus");
        assertThat(Main.execute("run", planFile.toString(), "--out", out.toString())).isEqualTo(ExitCode.BAD_INPUT);
    }

    @Test
    void theWorkerLimitBecomesDuckDbThreadsOrPostgresSettings() {
        assertThat(CellConfigs.postgresWorkerLimit(0)).isEmpty();
        assertThat(CellConfigs.postgresWorkerLimit(2)).contains("max_parallel_workers_per_gather = 1");
        ExperimentPlan plan = PlanParser.parse("p.yaml", TINY.replace("users: [1, 2]", "workerLimit: [off, 3]"), 2);
        List<TpchRunConfig> configs = plan.cells().stream()
                .map(c -> CellConfigs.of(plan.base(), c, Path.of("x"), 2)).toList();
        assertThat(configs).extracting(c -> c.placement().duckdbThreads()).containsExactly(0, 3);
        assertThat(configs).allSatisfy(c -> assertThat(c.placement().serverSettings()).isEmpty());
        ExperimentPlan pg = PlanParser.parse("p.yaml", TINY.replace("users: [1, 2]", "workerLimit: [off, 3]")
                .replace("engine: duckdb", "engine: postgres"), 2);
        TpchRunConfig limited = CellConfigs.of(pg.base(), pg.cells().get(1), Path.of("x"), 2);
        assertThat(limited.placement().duckdbThreads()).isZero();
        assertThat(limited.placement().serverSettings()).contains("max_parallel_workers_per_gather = 2");
        assertThat(limited.echo().serverSettings()).contains("max_parallel_workers_per_gather = 2");
        assertThat(Json.toJson(limited.echo())).contains("\"serverSettings\"");
        assertThat(Json.toJson(configs.get(0).echo())).doesNotContain("serverSettings");
    }
}
