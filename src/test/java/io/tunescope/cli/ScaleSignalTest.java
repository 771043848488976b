package io.tunescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** SIGTERM of {@code scale} while its users run keeps a summary of what was measured, marked as stopped. */
class ScaleSignalTest {

    @Test
    void sigtermWhileMeasuringWritesAPartialSummary(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("scale");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "scale", "--engine", "h2",
                "--threads", "1,2", "--modes", "shared", "--forks", "0", "--seconds", "30", "--warmup-seconds", "0.05",
                "--iterations", "1", "--bootstrap", "20", "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("output.txt").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!usersRun(p.pid()) && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(usersRun(p.pid())).as(Files.readString(dir.resolve("output.txt"))).isTrue();
            p.destroy();   // SIGTERM
            assertThat(p.waitFor(40, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly().waitFor();
        }
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("status").asText()).startsWith("stopped by a signal");
        assertThat(summary.path("type").asText()).isEqualTo("scale");
        assertThat(out.resolve("results.duckdb")).exists();
    }

    /** Whether a user thread of the closed loop runs in {@code pid} (its name, cut to 15 characters by the kernel). */
    private static boolean usersRun(long pid) throws IOException {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        if (!Files.isDirectory(tasks)) {
            return false;
        }
        try (Stream<Path> ts = Files.list(tasks)) {
            return ts.anyMatch(t -> {
                try {
                    return Files.readString(t.resolve("comm")).startsWith("tunescope-user");
                } catch (IOException e) {
                    return false;   // the thread ended between the listing and the read
                }
            });
        } catch (java.io.UncheckedIOException e) {
            return false;
        }
    }
}
