package io.tunescope.tune.mapping;

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

import static org.assertj.core.api.Assertions.assertThat;

class WorkloadMappingTest {
    private static final String FILE = """
            target: {engine: duckdb, workload: sequence, revalidate: 0}
            budget: 4
            strategy: random
            seed: 7
            parameters:
              - {name: threads, min: 1, max: 8, default: 2}
              - {name: memory_limit, min: 128, max: 4096, default: 1024}
            """;

    /** A workload whose objective is lowest at threads = {@code best} and memory_limit = 512 MiB. */
    private static TuningTarget bowl(long best) {
        return new TuningTarget() {
            @Override
            public Measurement measure(Configuration c, boolean isDefault, Path log) {
                long threads = ((Number) c.get("threads")).longValue();
                long memory = ((Number) c.get("memory_limit")).longValue();
                return Measurement.ok(List.of(10.0 + Math.abs(threads - best)
                        + Math.abs(Math.log(memory / 512.0))), 1);
            }

            @Override
            public io.tunescope.store.TargetDescription describe() {
                return null;
            }
        };
    }

    private static CommandTuner.Result tune(TuningFile f, Path kb, Path out, long best, Map<String, Double> profile)
            throws InterruptedException {
        WorkloadMapping mapping = new WorkloadMapping(new KnowledgeBase(kb), f.target(), f.space(),
                log -> Optional.of(profile));
        return CommandTuner.run(f, bowl(best), mapping, out, false, Progress.NONE);
    }

    @Test
    void aNewSessionMeasuresTheNearestPastWorkloadsBestsRightAfterTheDefault(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), FILE);
        Path kb = dir.resolve("kb");
        // a past session on a workload whose optimum is 6 threads, and one far away whose optimum is 1
        new KnowledgeBase(kb).append(new KnowledgeBase.Entry("duckdb", "single:Q1", 4, 0.01, "geomean", "minimize",
                Map.of("cpuPerResponse", 3.0), List.of(Map.of("threads", 6, "memory_limit", 512),
                Map.of("threads", 5), Map.of("threads", 99)), "/past/near", "2026-12-01T00:00:00Z"));
        new KnowledgeBase(kb).append(new KnowledgeBase.Entry("duckdb", "sequence", 1, 0.01, "geomean", "minimize",
                Map.of("cpuPerResponse", 0.5), List.of(Map.of("threads", 1, "memory_limit", 4096)), "/past/far",
                "2026-12-01T00:00:00Z"));
        tune(f, kb, dir.resolve("warm"), 6, Map.of("cpuPerResponse", 2.8));

        List<String> journal = trialLines(dir.resolve("warm"));
        // trial 2 and 3 are the near workload's bests: threads 6 at 512 MiB, threads 5 at the default 1024 MiB;
        // threads 99 is outside this space's range and is not tried
        assertThat(journal.get(1)).contains("\"threads\":6,\"memory_limit\":512").contains("\"isDefault\":false");
        assertThat(journal.get(2)).contains("\"threads\":5,\"memory_limit\":1024");
        var summary = Json.MAPPER.readTree(TuningDir.of(dir.resolve("warm")).summary().toFile());
        assertThat(summary.path("mapping").path("session").asText()).isEqualTo("/past/near");
        assertThat(summary.path("mapping").path("suggested").asInt()).isEqualTo(2);
        assertThat(summary.path("mapping").path("distance").asDouble()).isEqualTo(0.2);

        List<KnowledgeBase.Entry> entries = new KnowledgeBase(kb).entries();
        assertThat(entries).hasSize(3);
        KnowledgeBase.Entry added = entries.get(2);
        assertThat(added.profile()).containsEntry("cpuPerResponse", 2.8);
        // the winner first, then the default it beat; the trials whose races ended worse are not kept
        assertThat(added.bests()).hasSize(2);
        assertThat(((Number) added.bests().get(0).get("threads")).intValue()).isEqualTo(6);
        assertThat(((Number) added.bests().get(1).get("threads")).intValue()).isEqualTo(2);
    }

    @Test
    void theWarmStartReachesTheOptimumInFewerTrialsThanTheColdStartOnTheSameSeed(@TempDir Path dir)
            throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), FILE);
        Path kb = dir.resolve("kb");
        Path empty = dir.resolve("empty");
        Map<String, Double> profile = Map.of("cpuPerResponse", 1.0);
        tune(f.withSearch(12, null, null), kb, dir.resolve("past"), 6, profile);
        CommandTuner.Result cold = tune(f.withSearch(12, null, 99L), empty, dir.resolve("cold"), 6, profile);
        CommandTuner.Result warm = tune(f.withSearch(12, null, 99L), kb, dir.resolve("warm"), 6, profile);
        assertThat(warm.best().best().objective()).isLessThanOrEqualTo(cold.best().best().objective());
        assertThat(trialReaching(dir.resolve("warm"), cold.best().best().objective())).isLessThanOrEqualTo(2);
    }

    /** The journal's trial lines, in order (the racing protocol journals each measurement beside them). */
    private static List<String> trialLines(Path session) throws java.io.IOException {
        return Files.readAllLines(TuningDir.of(session).journal()).stream()
                .filter(l -> l.contains("\"type\":\"trial\"")).toList();
    }

    private static int trialReaching(Path session, double objective) throws Exception {
        for (String line : Files.readAllLines(TuningDir.of(session).journal())) {
            var n = Json.MAPPER.readTree(line);
            if (n.has("objective") && n.get("objective").asDouble() <= objective) {
                return n.get("trial").asInt();
            }
        }
        return Integer.MAX_VALUE;
    }

    @Test
    void withoutAProfileNothingIsSuggestedAndNothingIsRecorded(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), FILE);
        Path kb = dir.resolve("kb");
        WorkloadMapping mapping = new WorkloadMapping(new KnowledgeBase(kb), f.target(), f.space(),
                log -> Optional.empty());
        CommandTuner.run(f, bowl(3), mapping, dir.resolve("out"), false, Progress.NONE);
        assertThat(mapping.mapped()).isEmpty();
        assertThat(new KnowledgeBase(kb).entries()).isEmpty();
    }

    @Test
    void whenTheDefaultTrialGivesNoProfileTheFirstTrialThatDoesMapsTheWorkload(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), FILE);
        Path kb = dir.resolve("kb");
        new KnowledgeBase(kb).append(new KnowledgeBase.Entry("duckdb", "single:Q1", 4, 0.01, "geomean", "minimize",
                Map.of("cpuPerResponse", 3.0), List.of(Map.of("threads", 7, "memory_limit", 256)), "/past",
                "2026-12-01T00:00:00Z"));
        // the default trial's run (trial-1) was interrupted and has no metrics; trial 2's has
        WorkloadMapping mapping = new WorkloadMapping(new KnowledgeBase(kb), f.target(), f.space(),
                log -> log.getFileName().toString().startsWith("trial-1.") ? Optional.empty()
                        : Optional.of(Map.of("cpuPerResponse", 3.0)));
        CommandTuner.run(f, bowl(7), mapping, dir.resolve("out"), false, Progress.NONE);
        List<String> journal = trialLines(dir.resolve("out"));
        assertThat(journal.get(2)).contains("\"threads\":7,\"memory_limit\":256");
        assertThat(new KnowledgeBase(kb).entries()).hasSize(2);
    }
}
