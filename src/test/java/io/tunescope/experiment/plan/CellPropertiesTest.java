package io.tunescope.experiment.plan;

import io.tunescope.engine.Engines;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class CellPropertiesTest {
    private static ExperimentPlan plan(int users, int limits, int reps, boolean random, long seed) {
        Map<String, List<String>> factors = new LinkedHashMap<>();
        factors.put("users", IntStream.rangeClosed(1, users).mapToObj(String::valueOf).toList());
        factors.put("workerLimit", IntStream.rangeClosed(1, limits).mapToObj(String::valueOf).toList());
        PlanBase base = new PlanBase(Engines.byId("duckdb"), 0.01, 1, 1, "sequence", "off", null, 1, null, 0, null, 1, false);
        return new ExperimentPlan("p", base, factors, reps, random, seed, null);
    }

    @Property(tries = 200)
    void theFullFactorialHasEveryCellOnceInAnyOrder(@ForAll @IntRange(min = 1, max = 5) int users,
                                                    @ForAll @IntRange(min = 1, max = 4) int limits,
                                                    @ForAll @IntRange(min = 1, max = 3) int reps,
                                                    @ForAll long seed) {
        List<Cell> sequential = plan(users, limits, reps, false, seed).cells();
        List<Cell> random = plan(users, limits, reps, true, seed).cells();
        assertThat(sequential).hasSize(users * limits * reps);
        assertThat(new HashSet<>(sequential.stream().map(Cell::id).toList())).hasSize(sequential.size());
        assertThat(random).containsExactlyInAnyOrderElementsOf(sequential);
        assertThat(plan(users, limits, reps, true, seed).cells()).isEqualTo(random);
    }
}
