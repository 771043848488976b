package io.tunescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** SIGTERM of {@code tune} between trials keeps a summary of the trials completed, marked as stopped. */
class TuneSignalTest {

    @Test
    void sigtermDuringTheTrialsWritesAPartialSummary(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tune.yaml");
        Files.writeString(file, """
                command: ["sh", "-c", "sleep 0.3; echo score=$TUNE_X"]
                pass:
                  env: TUNE_
                objective:
                  regex: "score=([0-9]+)"
                  direction: maximize
                protocol: single
                budget: 200
                strategy: random
                seed: 1
                parameters:
                  - name: x
                    type: int
                    min: 0
                    max: 1000
                    default: 1
                """);
        Path out = dir.resolve("session");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "tune", file.toString(),
                "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("output.txt").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (journalLines(out) < 3 && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(journalLines(out)).as(Files.readString(dir.resolve("output.txt"))).isGreaterThanOrEqualTo(3);
            p.destroy();   // SIGTERM
            assertThat(p.waitFor(40, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly().waitFor();
        }
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("complete").asBoolean(true)).isFalse();
        assertThat(summary.path("failure").asText()).startsWith("stopped by a signal");
        int trials = summary.path("trials").size();
        assertThat(trials).isGreaterThanOrEqualTo(2).isLessThan(200);
        assertThat(out.resolve("results.duckdb")).exists();
    }

    /** Lines of the journal so far: its header and one per completed trial. */
    private static long journalLines(Path out) throws IOException {
        Path journal = out.resolve("journal.jsonl");
        if (!Files.exists(journal)) {
            return 0;
        }
        try (var lines = Files.lines(journal)) {
            return lines.count();
        }
    }
}
