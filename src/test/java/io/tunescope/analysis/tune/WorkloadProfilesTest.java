package io.tunescope.analysis.tune;

import io.tunescope.store.KnowledgeBase;
import io.tunescope.store.RunSummary;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class WorkloadProfilesTest {
    private static final Path CELLS = Path.of("src/test/resources/experiment/fixture/cells");

    private static Map<String, Double> profile(String cell) throws Exception {
        return WorkloadProfiles.of(RunSummary.read(CELLS.resolve(cell).resolve("summary.json"))).orElseThrow();
    }

    @Test
    void aRunsProfileHasEveryFeatureAndRepetitionsOfAScenarioAreNearerThanAnotherScenario() throws Exception {
        Map<String, Double> one1 = profile("users-1_workerLimit-off_r1");
        Map<String, Double> one2 = profile("users-1_workerLimit-off_r2");
        Map<String, Double> four = profile("users-4_workerLimit-off_r2");
        assertThat(one1.keySet()).containsExactlyElementsOf(WorkloadProfiles.FEATURES);
        assertThat(WorkloadProfiles.distance(one1, one2)).isLessThan(WorkloadProfiles.distance(one1, four));
        assertThat(WorkloadProfiles.distance(one1, one1)).isZero();
    }

    @Test
    void distanceIsEuclideanOverTheSharedFeatures() {
        assertThat(WorkloadProfiles.distance(Map.of("a", 0.0, "b", 0.0), Map.of("a", 3.0, "b", 4.0, "c", 9.0)))
                .isCloseTo(5.0, within(1e-12));
        assertThat(WorkloadProfiles.distance(Map.of("a", 0.0), Map.of("b", 1.0))).isInfinite();
    }

    @Test
    void theNearestPastSessionIsOnTheSameEngineWithTheSameObjectiveAndHasABest() {
        Map<String, Double> me = Map.of("a", 1.0);
        KnowledgeBase.Entry near = entry("duckdb", "geomean", 1.1, List.of(Map.of("threads", 1)));
        KnowledgeBase.Entry far = entry("duckdb", "geomean", 3.0, List.of(Map.of("threads", 4)));
        KnowledgeBase.Entry otherEngine = entry("postgres", "geomean", 1.0, List.of(Map.of("work_mem", 8)));
        KnowledgeBase.Entry otherObjective = entry("duckdb", "throughput", 1.0, List.of(Map.of("threads", 2)));
        KnowledgeBase.Entry noBest = entry("duckdb", "geomean", 1.0, List.of());
        var m = WorkloadProfiles.nearest(me, List.of(far, otherEngine, near, otherObjective, noBest), "duckdb",
                "geomean").orElseThrow();
        assertThat(m.entry()).isSameAs(near);
        assertThat(m.distance()).isCloseTo(0.1, within(1e-9));
        assertThat(WorkloadProfiles.nearest(me, List.of(otherEngine), "duckdb", "geomean")).isEmpty();
    }

    static KnowledgeBase.Entry entry(String engine, String objective, double a, List<Map<String, Object>> bests) {
        return new KnowledgeBase.Entry(engine, "sequence", 1, 0.01, objective, "minimize", Map.of("a", a), bests,
                "/x", "2026-12-01T00:00:00Z");
    }
}
