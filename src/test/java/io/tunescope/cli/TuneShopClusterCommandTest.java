package io.tunescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code tune FILE --out D} with {@code bench: shop}: the modes measured on the real stack (two work lines of nginx
 * and an application node over H2; partitioning's line tuners as processes of their own on a private PostgreSQL study
 * store), then the online reconfiguration run, all in cluster.json; nothing left running.
 */
class TuneShopClusterCommandTest {
    @Test
    void comparesModesOnTheStackThenReconfiguresOnline(@TempDir Path dir) throws Exception {
        Externals.nginx();
        Externals.postgres();
        Path file = Files.writeString(dir.resolve("cluster.yaml"), """
                cluster:
                  bench: shop
                  modes: [duplication, partitioning]
                  trialsPerMode: 2
                  seed: 4
                  partitioning: processes     # each line's tuner its own process, on a private PostgreSQL store
                  layout: {lines: 2, nodesPerTier: {proxy: 2, app: 2}}
                  shop: {mix: shopping, browsers: 6, thinkScale: 0.02, scaleDown: 100, database: h2,
                         rampUp: 500ms, measure: 2s, rampDown: 0s}
                  reconfiguration: {appNodes: 2, browseNodes: 1, browsers: 6, thinkScale: 0.02, rampUp: 500ms,
                                    duration: 3s, window: 1s, settle: 0s}
                """);
        Path out = dir.resolve("out");
        assertThat(Main.execute("tune", file.toString(), "--out", out.toString())).isEqualTo(ExitCode.OK);
        JsonNode cluster = Json.MAPPER.readTree(out.resolve("cluster.json").toFile());
        assertThat(cluster.path("modes").findValuesAsText("mode")).containsExactly("duplication", "partitioning");
        for (JsonNode m : cluster.path("modes")) {
            assertThat(m.path("trials").asInt()).isEqualTo(2);
            assertThat(m.path("bestWips").asDouble()).isPositive();
        }
        JsonNode lineTuners = cluster.path("modes").get(1).path("tuners");
        assertThat(lineTuners).hasSize(2);
        for (JsonNode t : lineTuners) {
            assertThat(t.path("process").path("exitCode").asInt()).isZero();
            assertThat(t.path("process").path("trialsInStudy").asInt()).isEqualTo(2);
        }
        assertThat(cluster.path("bench").path("bench").asText()).isEqualTo("shop");
        assertThat(cluster.path("bench").path("lines").asInt()).isEqualTo(2);
        JsonNode reconfiguration = cluster.path("reconfiguration");
        assertThat(reconfiguration.isObject()).isTrue();
        assertThat(reconfiguration.path("windows").size()).isGreaterThanOrEqualTo(1);
        assertThat(reconfiguration.has("moves")).isTrue();
        assertThat(out.resolve("duplication/stack")).isDirectory();
        assertThat(out.resolve("reconfiguration/summary.json")).isNotEmptyFile();
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("bench").asText()).isEqualTo("shop");
        assertThat(summary.path("shop").path("browsers").asInt()).isEqualTo(6);
    }
}
