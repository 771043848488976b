package io.tunescope.experiment.plan;

import io.tunescope.BadInputException;
import io.tunescope.engine.CpuList;
import io.tunescope.experiment.CellConfigs;
import io.tunescope.experiment.TpchRunConfig;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The SF 1 study plans and their {@code --quick} subsets expand to the cells the docs promise. */
class QuickPlanTest {
    private static final String PLAN = """
            name: p
            base:
              engine: duckdb
              duration: 30s
            factors:
              users: [1, 4, 16]
              tenants: [1, 2]
            repetitions: 3
            quick:
              factors:
                users: [1, 16]
              repetitions: 1
              duration: 5s
            """;

    private static ExperimentPlan parse(String text, boolean quick) {
        return PlanParser.parse("p.yaml", text, 2, quick);
    }

    private static String error(String text) {
        try {
            parse(text, true);
        } catch (BadInputException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for:\n" + text);
    }

    @Test
    void theSf1StudyExpandsToTheFullFactorialAndItsQuickSubset() throws Exception {
        String text = Files.readString(Path.of("examples/hana-study-sf1.yaml"));
        ExperimentPlan full = parse(text, false);
        assertThat(full.base().scaleFactor()).isEqualTo(1.0);
        assertThat(full.base().monitorInterval()).isEqualTo(Duration.ofMillis(8));
        assertThat(full.factors()).containsExactly(Map.entry("users", List.of("1", "4", "16")),
                Map.entry("tenants", List.of("1", "2")), Map.entry("workerLimit", List.of("off", "1")),
                Map.entry("cpus", List.of("0-1", "one-each")));
        assertThat(full.cells()).hasSize(24 * 3);

        ExperimentPlan quick = parse(text, true);
        assertThat(quick.name()).isEqualTo("hana-study-sf1-quick");
        assertThat(quick.cells()).hasSize(2 * 2 * 2 * 2);
        assertThat(quick.base().duration()).isEqualTo(Duration.ofSeconds(20));
        Set<String> fullIds = full.cells().stream().map(Cell::id).collect(Collectors.toSet());
        assertThat(fullIds).as("every quick cell is a cell of the full plan").containsAll(
                quick.cells().stream().map(Cell::id).toList());
        assertThat(new HashSet<>(quick.cells().stream().map(c -> c.levels().get("users")).toList()))
                .containsExactlyInAnyOrder("1", "16");

        ExperimentPlan pg = PlanParser.parse("pg.yaml", Files.readString(Path.of("examples/hana-study-sf1-postgres.yaml")),
                2, true);
        assertThat(pg.base().engine().id()).isEqualTo("postgres");
        assertThat(pg.cells()).hasSize(2 * 2 * 2);
        assertThat(PlanParser.parse("pg.yaml", Files.readString(Path.of("examples/hana-study-sf1-postgres.yaml")), 2,
                false).cells()).hasSize(24 * 2);
    }

    @Test
    void oneCpuEachPinsEveryTenantToItsOwnCpuForOneTenantAndForTwo() {
        ExperimentPlan plan = parse("""
                base: {engine: duckdb, iterations: 1}
                factors:
                  tenants: [1, 2]
                  cpus: ["0-1", one-each]
                """, false);
        List<TpchRunConfig> configs = plan.cells().stream()
                .map(c -> CellConfigs.of(plan.base(), c, Path.of("x"), 2)).toList();
        assertThat(configs.stream().map(c -> c.placement().cpus().stream().map(CpuList::text).toList()).toList())
                .containsExactly(List.of("0-1"), List.of("0"), List.of("0-1", "0-1"), List.of("0", "1"));
    }

    @Test
    void theQuickSubsetKeepsOnlyLevelsOfTheFullPlan() {
        ExperimentPlan quick = parse(PLAN, true);
        assertThat(quick.factors()).containsExactly(Map.entry("users", List.of("1", "16")),
                Map.entry("tenants", List.of("1", "2")));
        assertThat(quick.repetitions()).isEqualTo(1);
        assertThat(quick.base().duration()).isEqualTo(Duration.ofSeconds(5));
        assertThat(parse(PLAN, false).cells()).hasSize(18);

        assertThat(error(PLAN.replace("users: [1, 16]", "users: [1, 8]")))
                .isEqualTo("p.yaml:11: quick.factors.users[1] (8) is not a level of the full plan [1, 4, 16]");
        assertThat(error(PLAN.replace("users: [1, 16]", "workerLimit: [1]")))
                .contains("quick.factors.workerLimit (workerLimit) is not a factor of the full plan");
        assertThat(error(PLAN.replace("  repetitions: 1", "  colour: 1")))
                .contains("quick.colour (colour) is not a known key; expected one of [cells, duration, factors, repetitions]");
        assertThat(error(PLAN.substring(0, PLAN.indexOf("quick:")))).startsWith("--quick (p.yaml) needs a 'quick:' section");
    }

    @Test
    void quickListedCellsMustBeScenariosOfTheQuickFactors() {
        String listed = PLAN + "  cells:\n    - {users: 1, tenants: 2}\n";
        assertThat(parse(listed, true).cells()).extracting(Cell::id).containsExactly("users-1_tenants-2_r1");
        assertThatThrownBy(() -> parse(PLAN + "  cells:\n    - {users: 4, tenants: 2}\n", true))
                .hasMessageContaining("quick.cells[0].users (4) is not one of the levels [1, 16]");
    }
}
