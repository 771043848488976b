package io.tunescope.tune.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Progress;
import io.tunescope.store.Json;
import io.tunescope.store.KnowledgeBase;
import io.tunescope.store.TuningDir;
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
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Workload mapping under the racing protocol, the default: the nearest past workload's best races the default in the
 * noise phase, and the verdict and re-validation come out right whether that best is another value or the default.
 */
class MappingUnderRacingTest {
    private static final String FILE = """
            target: {engine: duckdb, workload: sequence}
            budget: 4
            strategy: random
            seed: 7
            parameters:
              - {name: threads, min: 1, max: 8, default: 2}
              - {name: memory_limit, min: 128, max: 4096, default: 1024}
            """;
    private static final Map<String, Double> PROFILE = Map.of("cpuPerResponse", 2.0);

    /** Lowest at {@code threads} and {@code memoryMiB}, with 1 % noise. */
    private static TuningTarget bowl(long threads, long memoryMiB) {
        Random noise = new Random(3);
        return new TuningTarget() {
            @Override
            public Measurement measure(Configuration c, boolean isDefault, Path log) {
                long t = ((Number) c.get("threads")).longValue();
                long m = ((Number) c.get("memory_limit")).longValue();
                double v = 10.0 + Math.abs(t - threads) + Math.abs(Math.log(m / (double) memoryMiB));
                return Measurement.ok(List.of(v * (1 + 0.01 * noise.nextGaussian())), 1);
            }

            @Override
            public io.tunescope.store.TargetDescription describe() {
                return null;
            }
        };
    }

    private static void past(Path kb, List<Map<String, Object>> bests) {
        new KnowledgeBase(kb).append(new KnowledgeBase.Entry("duckdb", "single:Q1", 4, 0.01, "geomean", "minimize",
                Map.of("cpuPerResponse", 2.1), bests, "/past", "2026-12-01T00:00:00Z"));
    }

    private static JsonNode tune(Path dir, Path kb, TuningTarget target) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), FILE);
        WorkloadMapping mapping = new WorkloadMapping(new KnowledgeBase(kb), f.target(), f.space(),
                log -> Optional.of(PROFILE));
        CommandTuner.run(f, target, mapping, dir.resolve("out"), false, Progress.NONE);
        return Json.MAPPER.readTree(TuningDir.of(dir.resolve("out")).summary().toFile());
    }

    private static JsonNode best(Path dir) throws Exception {
        return Json.MAPPER.readTree(TuningDir.of(dir.resolve("out")).best().toFile());
    }

    private static List<String> trialLines(Path dir) throws Exception {
        return Files.readAllLines(TuningDir.of(dir.resolve("out")).journal()).stream()
                .filter(l -> l.contains("\"type\":\"trial\"")).toList();
    }

    @Test
    void aMappedBestThatIsBetterWinsTheNoisePhasesRaceAndIsRevalidatedBetter(@TempDir Path dir) throws Exception {
        Path kb = dir.resolve("kb");
        past(kb, List.of(Map.of("threads", 6, "memory_limit", 512)));
        JsonNode summary = tune(dir, kb, bowl(6, 512));

        assertThat(trialLines(dir).get(1)).contains("\"threads\":6,\"memory_limit\":512")
                .contains("\"race\":\"better\"");
        assertThat(summary.path("mapping").path("suggested").asInt()).isEqualTo(1);
        assertThat(summary.path("races").get(0).path("trial").asInt()).isEqualTo(2);
        assertThat(summary.path("races").get(0).path("against").asInt()).as("it raced the default").isEqualTo(1);
        JsonNode best = best(dir);
        assertThat(best.path("best").path("trial").asInt()).isEqualTo(2);
        assertThat(best.path("verdict").asText()).isEqualTo("better");
        assertThat(best.path("revalidated").isObject()).as("default against the mapped best, re-measured").isTrue();
        assertThat(best.path("revalidated").path("verdict").asText()).isEqualTo("better");
        List<KnowledgeBase.Entry> entries = new KnowledgeBase(kb).entries();
        assertThat(entries.get(1).bests().get(0)).containsEntry("threads", 6).containsEntry("memory_limit", 512);
    }

    @Test
    void aMappedBestThatIsTheDefaultIsNotMeasuredAgainAndNothingIsCalledBetter(@TempDir Path dir) throws Exception {
        Path kb = dir.resolve("kb");
        // the past session's best is this session's default; its second best is worse here
        past(kb, List.of(Map.of("threads", 2, "memory_limit", 1024), Map.of("threads", 4, "memory_limit", 1024)));
        JsonNode summary = tune(dir, kb, bowl(2, 1024));

        List<String> trials = trialLines(dir);
        assertThat(trials.get(0)).contains("\"isDefault\":true");
        assertThat(trials.get(1)).as("the default is not suggested again: the next best races it")
                .contains("\"threads\":4,\"memory_limit\":1024").contains("\"race\":\"worse\"");
        assertThat(trials.stream().filter(l -> l.contains("\"threads\":2,\"memory_limit\":1024"))).hasSize(1);
        assertThat(summary.path("mapping").path("suggested").asInt()).isEqualTo(1);
        JsonNode best = best(dir);
        assertThat(best.path("best").path("trial").asInt()).isEqualTo(1);
        assertThat(best.path("verdict").asText()).isEqualTo("indistinguishable");
        assertThat(best.has("revalidated") && !best.get("revalidated").isNull())
                .as("nothing to re-validate").isFalse();
        List<KnowledgeBase.Entry> entries = new KnowledgeBase(kb).entries();
        assertThat(entries.get(1).bests().get(0)).as("the session's best, the default, first")
                .containsEntry("threads", 2).containsEntry("memory_limit", 1024);
        assertThat(entries.get(1).bests()).as("no configuration whose race ended worse")
                .noneMatch(b -> Integer.valueOf(4).equals(b.get("threads")) && Integer.valueOf(1024)
                        .equals(b.get("memory_limit")));
    }
}
