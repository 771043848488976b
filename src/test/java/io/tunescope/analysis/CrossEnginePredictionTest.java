package io.tunescope.analysis;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Prediction across engines on the recorded fixture (three planted groups, users 1 -> 4 and worker limit off -> 1
 * with known per-group factors) and a second "engine" made from it: every query slower by its own constant.
 */
class CrossEnginePredictionTest {
    private static final String REFERENCE = "users=1,workerLimit=off";
    private static final Set<String> LIGHT = Set.of("Q6", "Q14", "Q15", "Q16", "Q19", "Q20", "Q22");
    private static ExperimentData duck;

    @BeforeAll
    static void load(@TempDir Path dir) {
        duck = ExperimentLoader.load(FixtureExperiment.copyTo(dir));
    }

    @Test
    void theSameFactorEffectsOnAnotherEngineArePredictedFromOneReferenceScenarioBothWays() {
        ExperimentData other = otherEngine("pg", (cell, m) -> m.responseMillis() * slowdown(m.query()));
        CrossEnginePrediction.Report report = CrossEnginePrediction.evaluate(duck, other, 1);
        assertThat(report.directions()).hasSize(2);
        for (CrossEnginePrediction.Direction d : report.directions()) {
            assertThat(d.reference()).isEqualTo(REFERENCE);
            assertThat(d.scenarios()).isEqualTo(3);
            assertThat(d.points()).hasSize(3 * 22).noneMatch(p -> p.scenario().equals(REFERENCE));
            assertThat(d.mape()).as(d.trainedOn() + " -> " + d.testedOn()).isLessThan(0.05)
                    .isLessThan(d.baselineMape() / 3);
            assertThat(d.perGroup()).hasSize(3).allSatisfy(g -> assertThat(g.mape()).isLessThan(g.baselineMape()));
        }
        assertThat(report.directions().get(0).trainedOn()).isEqualTo(duck.name());
        assertThat(report.directions().get(0).testedOn()).isEqualTo("pg");
    }

    @Test
    void aGroupWhoseFactorsDoNotMoveItOnTheOtherEngineShowsInItsGroupsErrorAlone() {
        // on "pg" the light group takes its reference time in every scenario: duck's effects mislead there only
        ExperimentData other = otherEngine("pg", (cell, m) -> LIGHT.contains(m.query())
                ? duck.mean(REFERENCE, m.query(), Metrics.RESPONSE).orElseThrow() * slowdown(m.query())
                : m.responseMillis() * slowdown(m.query()));
        CrossEnginePrediction.Direction d = CrossEnginePrediction.direction(duck, other, 1);
        Prediction.GroupError light = d.perGroup().stream().filter(g -> g.queries().contains("Q6")).findFirst()
                .orElseThrow();
        Prediction.GroupError heavy = d.perGroup().stream().filter(g -> g.queries().contains("Q1")).findFirst()
                .orElseThrow();
        assertThat(light.queries()).containsExactlyInAnyOrderElementsOf(LIGHT);
        assertThat(light.baselineMape()).as("nothing changes for the light group").isLessThan(1e-9);
        assertThat(light.mape()).isGreaterThan(0.1);
        assertThat(heavy.mape()).isLessThan(0.05).isLessThan(heavy.baselineMape());
    }

    @Test
    void experimentsThatVaryOtherFactorsAreBadInput() {
        ExperimentData other = otherEngine("pg", (cell, m) -> m.responseMillis());
        Map<String, List<String>> fewer = new LinkedHashMap<>(other.factors());
        fewer.remove(fewer.keySet().iterator().next());
        ExperimentData narrower = new ExperimentData("pg", fewer, other.cells());
        assertThatThrownBy(() -> CrossEnginePrediction.evaluate(duck, narrower, 1))
                .isInstanceOf(io.tunescope.BadInputException.class)
                .hasMessageContaining("--cross-engine").hasMessageContaining("must vary the same factors as");
    }

    /** Q1 10x slower ... Q22 31x slower: far more than any factor moves a query. */
    private static double slowdown(String query) {
        return 9 + Integer.parseInt(query.substring(1));
    }

    private static ExperimentData otherEngine(String name, BiFunction<MeasuredCell, QueryMeasure, Double> millis) {
        List<MeasuredCell> cells = duck.cells().stream().map(c -> {
            Map<String, QueryMeasure> queries = new LinkedHashMap<>();
            c.queries().forEach((q, m) -> queries.put(q, new QueryMeasure(q, m.count(), millis.apply(c, m), null,
                    m.rows(), m.metrics())));
            return new MeasuredCell(c.id(), c.levels(), c.repetition(), queries);
        }).toList();
        return new ExperimentData(name, duck.factors(), cells);
    }
}
