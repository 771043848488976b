package io.tunescope.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tuning directory's results.duckdb holds its trials and summary figures, and {@code export} writes every table
 * as Parquet (read back by DuckDB), CSV or JSON, never over files already there.
 */
class ExportCommandTest {

    private static Path tune(Path dir) throws Exception {
        Path file = dir.resolve("t.yaml");
        Files.writeString(file, """
                command: ["sh", "-c", "echo v=$((3 + TUNE_A))"]
                pass: {env: TUNE_}
                objective: {regex: "v=([0-9]+)"}
                budget: 3
                strategy: random
                parameters: [{name: a, type: int, min: 1, max: 3}]
                """);
        Path out = dir.resolve("tune");
        assertThat(Main.execute("tune", file.toString(), "--out", out.toString())).isZero();
        return out;
    }

    @Test
    void aTuningSessionsTrialsAreOneQueryAwayAndExportAsParquet(@TempDir Path dir) throws Exception {
        Path out = tune(dir);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + out.resolve("results.duckdb"));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*), count(*) FILTER (WHERE objective = 3 + config_a), "
                     + "typeof(any_value(config_a)) FROM trials")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(3);
            assertThat(rs.getLong(2)).isEqualTo(3);
            assertThat(rs.getString(3)).isEqualTo("BIGINT");
        }
        Path export = dir.resolve("export");
        assertThat(Main.execute("export", out.toString(), "--out", export.toString(), "--format", "parquet")).isZero();
        assertThat(export.resolve("trials.parquet")).exists();
        assertThat(export.resolve("figures.parquet")).exists();
        assertThat(export.resolve("summary.parquet")).exists();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM read_parquet('"
                     + export.resolve("trials.parquet").toAbsolutePath() + "')")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(3);
        }
        // the same place again: refused before anything is written
        assertThat(Main.execute("export", out.toString(), "--out", export.toString(), "--format", "parquet"))
                .isEqualTo(3);
        assertThat(Main.execute("export", out.toString(), "--out", export.toString(), "--format", "csv")).isZero();
        assertThat(Files.readAllLines(export.resolve("trials.csv"))).hasSize(4).first().asString()
                .startsWith("trial,status,objective");
    }

    @Test
    void aDirectoryWithoutResultsOrAnUnknownFormatIsBadInput(@TempDir Path dir) throws Exception {
        assertThat(Main.execute("export", dir.toString(), "--out", dir.resolve("x").toString())).isEqualTo(3);
        Path out = tune(dir);
        assertThat(Main.execute("export", out.toString(), "--out", dir.resolve("y").toString(), "--format", "xlsx"))
                .isEqualTo(3);
        assertThat(dir.resolve("y")).doesNotExist();
    }

    @Test
    void withSamplesAMonitoredRunsRawSamplesExportAsParquetWithTheirThreads(@TempDir Path dir) throws Exception {
        Path run = dir.resolve("run");
        assertThat(Main.execute("run", "--engine", "duckdb", "--sf", "0.01", "--workload", "single:Q6",
                "--iterations", "2", "--monitor", "--out", run.toString())).isZero();
        Path export = dir.resolve("export");
        assertThat(Main.execute("export", run.toString(), "--out", export.toString(), "--samples")).isZero();
        Path parquet = export.resolve("thread_samples.parquet");
        assertThat(parquet).exists();
        long recorded = io.tunescope.store.Json.MAPPER.readTree(run.resolve("monitor/monitor.json").toFile())
                .get("samples").asLong();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*), count(tid), count(DISTINCT tid), "
                     + "count(*) FILTER (WHERE state NOT IN ('R', 'S', 'D', 'T', 't', 'Z', 'X', 'I', 'P', 'W', 'K')),"
                     + " bool_and(cpu_nanos IS NULL OR cpu_nanos >= 0), count(DISTINCT recording) FROM read_parquet('"
                     + parquet.toAbsolutePath() + "')")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).as("every sample the monitor counted").isEqualTo(recorded).isPositive();
            assertThat(rs.getLong(2)).as("samples joined to their thread").isEqualTo(recorded);
            assertThat(rs.getLong(3)).as("threads").isGreaterThan(1);
            assertThat(rs.getLong(4)).as("samples with an unknown state").isZero();
            assertThat(rs.getBoolean(5)).isTrue();
            assertThat(rs.getLong(6)).isEqualTo(1);
        }
        // a thread's CPU time never runs backwards from one sample to the next
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM (SELECT cpu_nanos - lag(cpu_nanos) OVER "
                     + "(PARTITION BY tid ORDER BY monotonic_nanos) AS d FROM read_parquet('"
                     + parquet.toAbsolutePath() + "')) WHERE d < 0")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isZero();
        }
        assertThat(Main.execute("export", run.toString(), "--out", dir.resolve("csv").toString(), "--format", "csv",
                "--samples")).isZero();
        assertThat(Files.readAllLines(dir.resolve("csv/thread_samples.csv")).get(0))
                .startsWith("recording,slot,tenant,pid,tid,thread_name,role,thread_group,monotonic_nanos,state");
    }
}
