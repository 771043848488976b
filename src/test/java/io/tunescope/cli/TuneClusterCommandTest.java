package io.tunescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.SchemaCheck;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code tune FILE --out D} with a cluster: section, end to end on the simulated bench (seconds). */
class TuneClusterCommandTest {
    @Test
    void comparesTheThreeModesAndWritesClusterJson(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("cluster.yaml"), """
                cluster:
                  trialsPerMode: 25
                  seed: 3
                  layout: {lines: 2, nodesPerTier: {proxy: 2, app: 4}}
                  simulation: {browsers: 8000, noisePercent: 1}
                  failures: {app4: 10}
                """);
        Path out = dir.resolve("out");
        int[] code = new int[1];
        String stdout = UslCommandTest.stdoutOf(() -> code[0] = Main.execute("tune", file.toString(), "--out",
                out.toString(), "--budget", "20"));
        assertThat(code[0]).isEqualTo(ExitCode.OK);
        assertThat(Json.MAPPER.readTree(stdout)).hasSize(3);
        JsonNode cluster = Json.MAPPER.readTree(out.resolve("cluster.json").toFile());
        assertThat(SchemaCheck.problems("cluster", cluster)).isEmpty();
        assertThat(cluster.path("modes")).hasSize(3);
        double reference = cluster.path("referenceWips").asDouble();
        for (JsonNode m : cluster.path("modes")) {
            assertThat(m.path("trials").asInt()).isEqualTo(20);
            assertThat(m.path("bestWips").asDouble()).isPositive().isLessThanOrEqualTo(reference);
            assertThat(m.path("wipsStdDuringTuning").asDouble()).isPositive();
            assertThat(m.path("excludedNodes").get(0).path("node").asText()).isEqualTo("app4");
            assertThat(m.path("excludedNodes").get(0).path("trial").asInt()).isEqualTo(10);
            assertThat(m.has("trialsTo95Percent")).isTrue();
        }
        assertThat(cluster.path("modes").findValuesAsText("mode"))
                .containsExactly("default", "duplication", "partitioning");
        assertThat(cluster.has("reconfiguration")).isFalse();
        assertThat(out.resolve("cluster-wips.png")).isNotEmptyFile();
        assertThat(out.resolve("duplication/tuners/app/journal.jsonl")).isNotEmptyFile();
        assertThat(out.resolve("partitioning/tuners/line2/journal.jsonl")).isNotEmptyFile();
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(SchemaCheck.problems("header", summary)).isEmpty();
        assertThat(summary.path("kind").asText()).isEqualTo("cluster");
        assertThat(summary.path("seed").asLong()).isEqualTo(3);
        assertThat(summary.path("type").asText()).isEqualTo("tuning");
        java.util.List<String> keys = new java.util.ArrayList<>();
        summary.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsSubsequence("tool", "tuningFile", "kind", "bench", "modes", "trialsPerMode",
                "strategy", "seed", "simulation", "failures", "shop", "reconfiguration", "partitioning", "nodes",
                "lines", "result", "wallSeconds", "environment");
        assertThat(summary.path("failures").path("app4").asInt()).isEqualTo(10);
        assertThat(summary.path("simulation").path("calibration").path("dbMillis").asDouble()).isPositive();
        assertThat(summary.path("result").path("bench").path("failAtMeasurement").path("app4").asInt()).isPositive();
        assertThat(Main.execute("tune", "--help")).isEqualTo(ExitCode.OK);
        assertThat(Main.execute("tune", "--resume", out.toString())).isEqualTo(ExitCode.BAD_INPUT);
    }

    @Test
    void theExampleRunsOnTheSimulatedBench(@TempDir Path dir) {
        assertThat(Main.execute("tune", "examples/shop-cluster-sim.yaml", "--out", dir.resolve("o").toString(),
                "--budget", "10")).isEqualTo(ExitCode.OK);
        assertThat(dir.resolve("o/cluster.json")).isNotEmptyFile();
    }
}
