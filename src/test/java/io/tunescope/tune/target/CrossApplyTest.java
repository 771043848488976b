package io.tunescope.tune.target;

import io.tunescope.store.CrossApplyMatrix;
import io.tunescope.tune.session.Direction;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CrossApplyTest {
    @Test
    void aCellsGainIsTheMeanOfItsPairedPerRoundGainsOverTheSameWorkloadsDefault() {
        Map<String, List<Double>> defaults = Map.of("A", List.of(10.0, 20.0, 10.0), "B", List.of(4.0, 4.0, 4.0));
        Map<String, Map<String, List<Double>>> tuned = Map.of(
                "A", Map.of("A", List.of(5.0, 10.0, 5.0), "B", List.of(5.0, 5.0, 5.0)),
                "B", Map.of("A", List.of(10.0, 20.0, 10.0), "B", List.of(2.0, 2.0, 2.0)));
        CrossApplyMatrix m = CrossApply.summarize(List.of("A", "B"), defaults, tuned, Direction.MINIMIZE, "geomean",
                3, Map.of());
        // lower is better: each round halves A's time (+50 %), and A's best on B takes 5 ms against 4 (-25 %)
        assertThat(m.cell("A", "A").improvementPercent()).isEqualTo(50.0);
        assertThat(m.cell("A", "A").improvementCi95()).containsExactly(50.0, 50.0);
        assertThat(m.cell("A", "A").objective()).isCloseTo(20.0 / 3, within(1e-9));
        assertThat(m.cell("A", "B").improvementPercent()).isEqualTo(-25.0);
        assertThat(m.cell("B", "A").improvementPercent()).isEqualTo(0.0);
        assertThat(m.cell("B", "B").improvementPercent()).isEqualTo(50.0);
        assertThat(m.defaults().get("B").objective()).isEqualTo(4.0);
        assertThat(m.cells()).extracting(CrossApplyMatrix.Cell::measuredOn).containsExactly("A", "A", "B", "B");
    }

    @Test
    void aFailedRunIsLeftOutAndCountedNeverScored() {
        List<Double> withFailure = new ArrayList<>(Arrays.asList(5.0, null, 5.0));
        CrossApplyMatrix m = CrossApply.summarize(List.of("A"), Map.of("A", List.of(10.0, 10.0, 10.0)),
                Map.of("A", Map.of("A", withFailure)), Direction.MINIMIZE, "geomean", 3, Map.of());
        CrossApplyMatrix.Cell c = m.cell("A", "A");
        assertThat(c.failedRuns()).isEqualTo(1);
        assertThat(c.values()).containsExactly(5.0, 5.0);
        assertThat(c.improvementPercent()).isEqualTo(50.0);
        assertThat(CrossApply.diagonal(m, "A", Direction.MINIMIZE).failedRuns()).isEqualTo(1);
    }

    @Test
    void theOrderOfDefaultAndBestsRotatesFromRoundToRoundOnEachWorkload() throws Exception {
        RevalidationTest.Recorder a = new RevalidationTest.Recorder();
        var d = new io.tunescope.tune.space.Configuration(Map.of("t", 2));
        CrossApplyMatrix m = CrossApply.run(List.of(new CrossApply.Workload("A", a)),
                Map.of("A", new io.tunescope.tune.space.Configuration(Map.of("t", 1))), d, 3, Direction.MINIMIZE,
                "geomean", java.nio.file.Path.of("logs"), io.tunescope.Progress.Task.NONE);
        assertThat(a.order).containsExactly("default-1.log", "tuned-for-A-1.log", "tuned-for-A-2.log",
                "default-2.log", "default-3.log", "tuned-for-A-3.log");
        assertThat(m.cell("A", "A").values()).hasSize(3);
    }

    @Test
    void workloadsWhoseBestsAreTheSameConfigurationAreNamedAndTheFieldSurvivesTheFile(@org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws Exception {
        Map<String, List<Double>> defaults = Map.of("A", List.of(10.0, 10.0, 10.0), "B", List.of(4.0, 4.0, 4.0),
                "C", List.of(4.0, 4.0, 4.0));
        Map<String, List<Double>> runs = Map.of("A", List.of(5.0, 5.0, 5.0), "B", List.of(3.0, 3.0, 3.0), "C",
                List.of(3.0, 3.0, 3.0));
        Map<String, Map<String, List<Double>>> tuned = Map.of("A", runs, "B", runs, "C", runs);
        Map<String, Map<String, Object>> configurations = new java.util.LinkedHashMap<>();
        configurations.put("A", Map.of("threads", 2L, "jit", true));
        configurations.put("B", Map.of("threads", 4L, "jit", true));
        configurations.put("C", Map.of("jit", true, "threads", 2L));
        CrossApplyMatrix m = CrossApply.summarize(List.of("A", "B", "C"), defaults, tuned, Direction.MINIMIZE,
                "geomean", 3, configurations);
        assertThat(m.sameConfigurationAs()).containsExactly(Map.entry("C", "A"));
        m.write(dir.resolve("matrix.json"));
        assertThat(java.nio.file.Files.readString(dir.resolve("matrix.json"))).contains("\"sameConfigurationAs\"");
        assertThat(CrossApplyMatrix.read(dir.resolve("matrix.json")).sameConfigurationAs())
                .containsExactly(Map.entry("C", "A"));

        configurations.put("C", Map.of("threads", 3L, "jit", true));
        CrossApplyMatrix distinct = CrossApply.summarize(List.of("A", "B", "C"), defaults, tuned, Direction.MINIMIZE,
                "geomean", 3, configurations);
        assertThat(distinct.sameConfigurationAs()).isNull();
        distinct.write(dir.resolve("distinct.json"));
        assertThat(java.nio.file.Files.readString(dir.resolve("distinct.json"))).doesNotContain("sameConfigurationAs");
    }
}
