package io.tunescope.tune.database;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Progress;
import io.tunescope.store.Json;
import io.tunescope.tune.command.CommandTuner;
import io.tunescope.tune.command.TuningFile;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A real DuckDB tenant as a tuning target: settings reach it, and a trial past its limit fails cleanly. */
class DatabaseTargetTest {
    private static TuningFile file(Path dir, String timeout, int budget) {
        return TuningFileParser.parse(dir.resolve("t.yaml"), """
                target: {engine: duckdb, workload: "single:Q6", scaleFactor: 0.01, warmupIterations: 0,
                         iterations: 1, objective: p50, revalidate: 0}
                timeoutSeconds: %s
                budget: %d
                strategy: random
                parameters:
                  - name: threads
                    max: 2
                  - name: memory_limit
                    min: 256
                  - name: preserve_insertion_order
                """.formatted(timeout, budget));
    }

    @Test
    void aConfigurationReachesTheTenantAsCatalogStatementsAndIsMeasured(@TempDir Path dir) throws Exception {
        TuningFile f = file(dir, "120", 1);
        DatabaseTarget target = new DatabaseTarget(f.target());
        Configuration c = f.space().configuration(Map.of("threads", 1, "memory_limit", 512,
                "preserve_insertion_order", false));
        TuningTarget.Measurement m = target.measure(c, false, dir.resolve("logs").resolve("trial-1.stderr"));
        assertThat(m.reason()).isNull();
        assertThat(m.values()).hasSize(1).allMatch(v -> v > 0);
        Path spec = dir.resolve("logs/trial-1-runs/tenants/t1/agent.json");
        JsonNode settings = Json.MAPPER.readTree(spec.toFile()).get("settings");
        assertThat(settings.toString()).isEqualTo("[\"SET GLOBAL threads = 1\",\"SET GLOBAL memory_limit = '512MiB'\","
                + "\"SET GLOBAL preserve_insertion_order = false\"]");
        // the trial's run keeps the database's own view: the configuration as the engine itself reports it
        JsonNode database = Json.MAPPER.readTree(dir.resolve("logs/trial-1-runs/summary.json").toFile())
                .get("tenants").get(0).get("database");
        JsonNode order = null;
        for (JsonNode s : database.get("settings")) {
            if (s.get("name").asText().equals("preserve_insertion_order")) {
                order = s;
            }
        }
        assertThat(order).isNotNull();
        assertThat(order.get("value").asText()).isEqualTo("false");
        assertThat(order.get("changed").asBoolean()).isTrue();
        assertThat(target.snippet(c)).isEqualTo("SET GLOBAL threads = 1;\nSET GLOBAL memory_limit = '512MiB';\n"
                + "SET GLOBAL preserve_insertion_order = false;\n");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)).isEmpty();
    }

    @Test
    void aTrialPastItsTimeLimitFailsWithItsReasonAndLeavesNoProcess(@TempDir Path dir) throws Exception {
        TuningFile f = file(dir, "0.5", 1);
        TuningTarget.Measurement m = new DatabaseTarget(f.target()).measure(f.space().defaultConfiguration()
                .orElseThrow(), true, dir.resolve("trial-1.stderr"));
        assertThat(m.ok()).isFalse();
        assertThat(m.reason()).isEqualTo("past its time limit of 0 s");
        // the agent is killed at the limit; its exit is awaited with a deadline, not a fixed pause
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline && ProcessHandle.current().descendants().anyMatch(ProcessHandle::isAlive)) {
            Thread.sleep(20);
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList()).isEmpty();
    }

    @Test
    void aFailedTrialIsJournaledAsFailedScoredWorstAndTheSessionGoesOnToRevalidation(@TempDir Path dir)
            throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), """
                target: {engine: postgres, objective: geomean, revalidate: 3}
                budget: 6
                strategy: random
                seed: 3
                parameters:
                  - name: shared_buffers
                    max: 1024
                """);
        // a stand-in for the server: a configuration of more than 250 MB "will not start"; time = 100 / sqrt(MB)
        TuningTarget fake = new TuningTarget() {
            @Override
            public Measurement measure(Configuration config, boolean isDefault, Path log) {
                long mb = ((Number) config.values().get("shared_buffers")).longValue();
                return mb > 250 ? Measurement.failed("the server did not start", 5)
                        : Measurement.ok(List.of(100 / Math.sqrt(mb)), 5);
            }

            @Override
            public String snippet(Configuration config) {
                return f.target().engine().knobs().snippet(config.values());
            }

            @Override
            public io.tunescope.store.TargetDescription describe() {
                return null;
            }
        };
        Path out = dir.resolve("out");
        CommandTuner.Result r = CommandTuner.run(f, fake, out, false, Progress.NONE);
        List<String> journal = trialLines(out);
        assertThat(journal).hasSize(6);
        assertThat(journal.get(0)).contains("\"isDefault\":true", "\"status\":\"ok\"");
        assertThat(journal.stream().filter(l -> l.contains("\"status\":\"failed\"")))
                .isNotEmpty().allMatch(l -> l.contains("\"reason\":\"the server did not start\"")
                        && !l.contains("\"objective\""));
        assertThat(r.best().best().objective()).isLessThanOrEqualTo(100 / Math.sqrt(128));
        assertThat((Long) r.best().best().config().get("shared_buffers")).isLessThanOrEqualTo(250L);
        JsonNode best = Json.MAPPER.readTree(out.resolve("best.json").toFile());
        assertThat(best.get("snippet").asText()).matches("shared_buffers = '\\d+MB'\n");
        JsonNode rv = best.get("revalidated");
        assertThat(rv.get("default").get("objective").asDouble()).isEqualTo(100 / Math.sqrt(128));
        assertThat(rv.get("runs").asInt()).isEqualTo(3);
        assertThat(rv.get("improvementPercent").asDouble()).isNotNegative();
        assertThat(rv.get("improvementCi95")).hasSize(2);
    }

    @Test
    void aDatabaseSessionResumesFromItsJournal(@TempDir Path dir) throws Exception {
        String text = """
                target: {engine: duckdb, objective: throughput, revalidate: 0}
                budget: %d
                strategy: random
                parameters: [{name: threads, max: 8}, {name: preserve_insertion_order}]
                """;
        TuningTarget fake = new TuningTarget() {
            @Override
            public Measurement measure(Configuration config, boolean isDefault, Path log) {
                return Measurement.ok(List.of(((Number) config.values().get("threads")).doubleValue()), 1);
            }

            @Override
            public io.tunescope.store.TargetDescription describe() {
                return null;
            }
        };
        Path out = dir.resolve("out");
        CommandTuner.run(TuningFileParser.parse(dir.resolve("t.yaml"), text.formatted(3)), fake, out, false,
                Progress.NONE);
        CommandTuner.Result r = CommandTuner.run(TuningFileParser.parse(dir.resolve("t.yaml"), text.formatted(5)),
                fake, out, true, Progress.NONE);
        assertThat(r.newTrials()).isEqualTo(2);
        assertThat(trialLines(out)).hasSize(5);
        assertThat(r.best().direction()).isEqualTo("maximize");
    }

    /** The journal's trial lines (the racing protocol journals each measurement as a replicate line beside them). */
    private static List<String> trialLines(Path out) throws java.io.IOException {
        return Files.readAllLines(out.resolve("journal.jsonl")).stream()
                .filter(l -> l.contains("\"type\":\"trial\"")).toList();
    }
}
