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
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * examples/tune-mariadb.yaml end to end at a tiny size (one query, two trials, no re-validation): best.json holds the
 * winning configuration as my.cnf lines, every trial is journalled with its status, and no server of ours is left.
 */
@Timeout(300)
class MariaDbTuneExampleTest {
    @Test
    void theExampleAtATinySizeWritesMyCnfLinesAndLeavesNoServer(@TempDir Path dir) throws Exception {
        Externals.mariadb();
        String example = Files.readString(Path.of("examples/tune-mariadb.yaml"));
        String tiny = example.replace("workload: sequence", "workload: \"single:Q6\"")
                .replace("warmupIterations: 1", "warmupIterations: 0").replace("iterations: 2", "iterations: 1")
                .replace("  objective: geomean\n", "  objective: geomean\n  revalidate: 0\n").replace("budget: 10", "budget: 2");
        assertThat(tiny).as("the example still has the lines this test shrinks").isNotEqualTo(example)
                .contains("single:Q6", "revalidate: 0", "budget: 2");
        Path file = dir.resolve("tiny.yaml");
        // the example races (the default protocol); this test is about its my.cnf lines, so the race is kept short
        Files.writeString(file, tiny + "\nprotocol: {noiseRepeats: 2, maxSlices: 2}\n");
        Path out = dir.resolve("out");
        assertThat(Main.execute("tune", file.toString(), "--out", out.toString())).isEqualTo(ExitCode.OK);
        JsonNode best = Json.MAPPER.readTree(out.resolve("best.json").toFile());
        List<String> snippet = best.get("snippet").asText().lines().toList();
        assertThat(snippet).hasSize(5).allMatch(l -> l.matches("[a-z_]+ = \\S+"));
        assertThat(snippet.get(0)).startsWith("innodb_buffer_pool_size = ");
        List<String> journal = Files.readAllLines(out.resolve("journal.jsonl"));
        assertThat(journal.stream().filter(l -> l.contains("\"type\":\"trial\""))).hasSize(2)
                .allMatch(l -> l.contains("\"status\":\"ok\"") || l.contains("\"status\":\"failed\""));
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().command().orElse("").endsWith("mariadbd"))
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a)).orElse("").contains(dir.toString())))
                .isEmpty();
    }
}
