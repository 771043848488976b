package io.tunescope.store;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tuning session's summary.json as its record: the keys scripts, docs and tests read stay where they were (the
 * target's and the protocol's at the top level), and what is written reads back as the same record.
 */
class TuningSummaryTest {
    static TuningSummary summary(TargetDescription target) {
        TuningSummary.Trial ok = new TuningSummary.Trial(1, Map.of("threads", 4), "OK", 12.5, List.of(12.0, 13.0),
                null, true, 2_000, "incumbent");
        TuningSummary.Trial failed = new TuningSummary.Trial(2, Map.of("threads", 64), "FAILED", null, List.of(),
                "exit 1", false, 300, null);
        BestSoFar best = new BestSoFar(2, new BestSoFar.Best(Map.of("threads", 4), 12.5, 1), null, null, "minimize",
                "gp", 7, null, null, null, null, null);
        return TuningSummary.of(Path.of("tune.yaml"), target,
                new TuningSummary.Search("gp", 7, 10, 2, "median", 60_000),
                new TuningSummary.Found(best, new TuningSummary.Stats(2, 1, 0, 3, 4), false,
                        List.of(new TuningSummary.Importance("threads", 0.75)), List.of(ok, failed), 12.345));
    }

    private static JsonNode written(Path dir, TuningSummary s) throws Exception {
        Path file = dir.resolve("summary.json");
        Json.writeAtomically(file, s);
        assertThat(TuningSummary.read(file)).isEqualTo(s);
        return Json.MAPPER.readTree(file.toFile());
    }

    private static List<String> keys(JsonNode tree) {
        List<String> out = new ArrayList<>();
        tree.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void aDatabaseSessionKeepsItsKeysAtTheTopLevelAndReadsBack(@TempDir Path dir) throws Exception {
        TargetDescription db = new TargetDescription.Database("duckdb", "tpch", 0.1, 2, 1, null, 3, 500, "geomean",
                "fresh");
        JsonNode tree = written(dir, summary(db).completed(null));
        assertThat(keys(tree)).containsExactly("schemaVersion", "type", "tunescopeVersion", "tunescopeCommit",
                "tool", "tuningFile", "engine", "workload", "scaleFactor", "users", "warmupIterations",
                "measureMillis", "iterations", "cooldownMillis", "objective", "server", "strategy", "seed", "budget",
                "repeats", "aggregate", "timeoutMillis", "best", "stats", "spaceExhausted", "importance", "trials",
                "wallSeconds", "environment", "complete");
        assertThat(tree.get("type").asText()).isEqualTo("tuning");
        assertThat(tree.get("measureMillis").isNull()).isTrue();
        assertThat(tree.get("wallSeconds").asDouble()).isEqualTo(12.3);
        assertThat(keys(tree.get("stats"))).containsExactly("completedTrials", "failedTrials", "unstableTrials",
                "cacheHits", "rejectedProposals");
        assertThat(keys(tree.get("trials").get(0))).containsExactly("trial", "config", "status", "objective",
                "measurements", "isDefault", "elapsedMillis", "race");
        assertThat(tree.get("trials").get(1).get("error").asText()).isEqualTo("exit 1");
        assertThat(tree.get("importance").get(0).get("share").asDouble()).isEqualTo(0.75);
        assertThat(TuningSummary.read(dir.resolve("summary.json")).targetDescription()).isEqualTo(db);
    }

    @Test
    void eachKindOfTargetReadsBackAsItsOwnKind(@TempDir Path dir) throws Exception {
        List<TargetDescription> kinds = List.of(new TargetDescription.Command(List.of("./bench.sh", "--fast")),
                new TargetDescription.Shop(null, "browsing", 20, 0.5, 1000, 10, "postgres", 2, "nginx", "persistent",
                        5_000, 30_000, 2_000, "wips"),
                new TargetDescription.ClusterLine(null, "cmp-1", "line1", 600));
        for (TargetDescription kind : kinds) {
            JsonNode tree = written(dir, summary(kind).completed(null));
            assertThat(TuningSummary.read(dir.resolve("summary.json")).targetDescription()).isEqualTo(kind);
            assertThat(keys(tree).indexOf("tuningFile")).isLessThan(keys(tree).indexOf("strategy") - 1);
        }
        assertThat(((TargetDescription.Shop) kinds.get(1)).engine()).isEqualTo("shop");
        assertThat(((TargetDescription.ClusterLine) kinds.get(2)).target()).isEqualTo("cluster-line");
        JsonNode none = written(dir, summary(null).completed(null));
        assertThat(keys(none).get(keys(none).indexOf("tuningFile") + 1)).isEqualTo("strategy");
    }

    @Test
    void aStoppedSessionSaysWhyAndAMappedOneWhatItWasMappedTo(@TempDir Path dir) throws Exception {
        JsonNode stopped = written(dir, summary(null).stopped("stopped by a signal", null));
        assertThat(stopped.get("complete").asBoolean()).isFalse();
        assertThat(stopped.get("failure").asText()).isEqualTo("stopped by a signal");
        assertThat(stopped.has("mapping") || stopped.has("profile")).isFalse();

        TuningSummary.Match match = new TuningSummary.Match("tpch", 4, 1.0, "s1", 0.25, 3);
        JsonNode mapped = written(dir, summary(null).completed(null).withMapping(match, Map.of("cpu", 0.5)));
        assertThat(mapped.has("failure")).isFalse();
        assertThat(mapped.get("mapping").get("suggested").asInt()).isEqualTo(3);
        assertThat(mapped.get("profile").get("cpu").asDouble()).isEqualTo(0.5);
        assertThat(TuningSummary.read(dir.resolve("summary.json")).mapping()).isEqualTo(match);
    }
}
