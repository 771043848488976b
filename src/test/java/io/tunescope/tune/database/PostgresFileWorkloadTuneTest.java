package io.tunescope.tune.database;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tuning file whose {@code target.workload} names a workload file tunes a private PostgreSQL for that workload:
 * every trial runs the file's transactions (not TPC-H) on a server started with the trial's configuration, scores
 * their throughput, and best.json carries the verdict.
 */
@Timeout(300)
class PostgresFileWorkloadTuneTest {
    @Test
    void aWorkloadFileInTheTuningFileIsWhatEveryTrialRuns(@TempDir Path dir) throws Exception {
        Externals.postgres();
        Path workload = Path.of("examples/workloads/key-value.yaml").toAbsolutePath();
        Path file = dir.resolve("tune.yaml");
        Files.writeString(file, """
                target: {engine: postgres, workload: "file:%s", users: 2, warmupIterations: 0, measure: 2s,
                         objective: throughput, revalidate: 0}
                timeoutSeconds: 120
                budget: 2
                strategy: random
                seed: 5
                protocol: {noiseRepeats: 2, maxSlices: 2}
                parameters:
                  - name: synchronous_commit
                """.formatted(workload));
        Path out = dir.resolve("out");
        assertThat(Main.execute("tune", file.toString(), "--out", out.toString())).isEqualTo(ExitCode.OK);
        JsonNode best = Json.MAPPER.readTree(out.resolve("best.json").toFile());
        assertThat(best.get("verdict")).as(best.toString()).isNotNull();
        assertThat(best.get("best").get("objective").asDouble()).as("transactions per second").isPositive();
        List<Path> trialSummaries = new ArrayList<>();
        try (var paths = Files.walk(out.resolve("logs"))) {
            paths.filter(p -> p.getFileName().toString().equals("summary.json")).forEach(trialSummaries::add);
        }
        assertThat(trialSummaries).as("each trial's run keeps its summary").isNotEmpty();
        for (Path s : trialSummaries) {
            JsonNode tenant = Json.MAPPER.readTree(s.toFile()).get("tenants").get(0);
            assertThat(tenant.get("transactions").get("transactions")).as(s.toString())
                    .extracting(t -> t.get("name").asText()).containsExactly("get", "put", "insert");
        }
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().command().orElse("").endsWith("/postgres"))
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a)).orElse("").contains(dir.toString())))
                .isEmpty();
    }
}
