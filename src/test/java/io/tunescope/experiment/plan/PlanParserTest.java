package io.tunescope.experiment.plan;

import io.tunescope.BadInputException;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.engine.Engines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PlanParserTest {
    private static final String GOOD = """
            name: t
            base:
              engine: duckdb
              scaleFactor: 0.01
              iterations: 2
              monitorInterval: 8ms
            factors:
              users: [1, 5, 20]
              workerLimit: [off, 2]
              workload: [sequence, "single:q6"]
            repetitions: 2
            order: random
            seed: 3
            """;

    private static ExperimentPlan parse(String yaml) {
        return PlanParser.parse("plan.yaml", yaml, 2);
    }

    private static String error(String yaml) {
        try {
            parse(yaml);
        } catch (BadInputException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for:\n" + yaml);
    }

    @Test
    void readsBaseFactorsAndCanonicalLevels() {
        ExperimentPlan plan = parse(GOOD);
        assertThat(plan.base().engine()).isEqualTo(Engines.byId("duckdb"));
        assertThat(plan.base().iterations()).isEqualTo(2);
        assertThat(plan.base().monitorInterval()).isEqualTo(Duration.ofMillis(8));
        assertThat(plan.factors()).containsExactly(Map.entry("users", List.of("1", "5", "20")),
                Map.entry("workerLimit", List.of("off", "2")), Map.entry("workload", List.of("sequence", "single:Q6")));
        assertThat(plan.cells()).hasSize(3 * 2 * 2 * 2);
        assertThat(plan.randomOrder()).isTrue();
        assertThat(plan.seed()).isEqualTo(3);
    }

    @Test
    void theExactModeIsAPlanKeyThatNeedsTheMonitor() {
        assertThat(parse(GOOD).base().monitorExact()).isFalse();
        ExperimentPlan exact = parse(GOOD.replace("  monitorInterval: 8ms", "  monitorInterval: 8ms\n  monitorExact: true"));
        assertThat(exact.base().monitorExact()).isTrue();
        assertThat(error(GOOD.replace("  monitorInterval: 8ms", "  monitorExact: true")))
                .startsWith("plan.yaml:").contains("base.monitorExact (true) needs base.monitorInterval");
        assertThat(error(GOOD.replace("  monitorInterval: 8ms", "  monitorInterval: 8ms\n  monitorExact: maybe")))
                .contains("base.monitorExact (maybe)");
    }

    @Test
    void aListedSubsetRunsOnlyThoseScenarios() {
        ExperimentPlan plan = parse(GOOD.replace("order: random", """
                cells:
                  - {users: 1, workerLimit: off, workload: sequence}
                  - {users: 20, workerLimit: 2, workload: "single:Q6"}"""));
        assertThat(plan.scenarios()).hasSize(2);
        assertThat(plan.cells()).extracting(Cell::id).containsExactly(
                "users-1_workerLimit-off_workload-sequence_r1", "users-20_workerLimit-2_workload-single~Q6_r1",
                "users-1_workerLimit-off_workload-sequence_r2", "users-20_workerLimit-2_workload-single~Q6_r2");
    }

    @Test
    void anUnknownFactorNamesFileLineAndRule() {
        assertThat(error(GOOD.replace("  workload: [sequence", "  colour: [sequence")))
                .startsWith("plan.yaml:10: factors.colour").contains("is not a factor").contains("workerLimit");
    }

    @Test
    void emptyLevelsAreRejectedAtTheirLine() {
        assertThat(error(GOOD.replace("workerLimit: [off, 2]", "workerLimit: []")))
                .startsWith("plan.yaml:9: factors.workerLimit ([])").contains("non-empty list");
    }

    @Test
    void negativeUsersAreRejectedAtTheLevelsLine() {
        assertThat(error(GOOD.replace("[1, 5, 20]", "[1, -5, 20]")))
                .startsWith("plan.yaml:8: factors.users[1]").contains("users (-5) must be between 1 and 1024");
    }

    @Test
    void anUnknownQueryIsRejected() {
        assertThat(error(GOOD.replace("single:q6", "single:Q23"))).startsWith("plan.yaml:10: factors.workload[1]")
                .contains("must be Q1 to Q22");
    }

    @Test
    void otherRulesNameTheirPlace() {
        assertThat(error(GOOD.replace("scaleFactor: 0.01", "scaleFactor: 50"))).startsWith("plan.yaml:4: base.scaleFactor (50)");
        assertThat(error(GOOD.replace("iterations: 2", "iterations: 2\n  duration: 5s"))).contains("cannot be given together");
        assertThat(error(GOOD.replace("order: random", "order: shuffled"))).startsWith("plan.yaml:12: order (shuffled)");
        assertThat(error(GOOD.replace("  engine: duckdb", "  engine: duckdb\n  colour: red"))).startsWith("plan.yaml:4: base.colour");
        assertThat(error(GOOD.replace("[off, 2]", "[off, 2, 2]"))).contains("repeats an earlier level");
        assertThat(error(GOOD + "cells:\n  - {users: 7, workerLimit: off, workload: sequence}\n"))
                .startsWith("plan.yaml:15: cells[0].users (7) is not one of the levels");
        assertThat(error("base: [1\n")).startsWith("plan.yaml:").contains("not valid YAML");
        assertThat(error("factors: {}\n")).contains("base (missing) is required");
        assertThat(error(GOOD.replace("users: [1, 5, 20]", "cpus: [\"0-7\"]"))).contains("names CPU 7");
    }

    @Test
    void aPlanStartsItsOwnTenants() {
        assertThat(error(GOOD.replace("engine: duckdb", "engine: jdbc")))
                .endsWith("base.engine (jdbc) must be duckdb or h2 or mariadb or postgres: a plan starts its own tenants");
        assertThat(error(GOOD.replace("engine: duckdb", "engine: sqlite")))
                .endsWith("must be duckdb or h2 or mariadb or postgres");
        assertThat(parse(GOOD.replace("engine: duckdb", "engine: postgres")).base().engine().id()).isEqualTo("postgres");
    }

    @Test
    void theExamplesAreValidPlans() {
        ExperimentPlan quick = PlanParser.parse("quick.yaml", read("examples/quick.yaml"), 2);
        assertThat(quick.cells()).hasSize(8);
        ExperimentPlan study = PlanParser.parse("hana-study.yaml", read("examples/hana-study.yaml"), 2);
        assertThat(study.factors().keySet()).containsExactly("users", "tenants", "workerLimit");
        assertThat(study.base().scaleFactor()).isEqualTo(0.1);
        assertThat(study.cells()).hasSize(3 * 2 * 2 * 2);
    }

    @Test
    void aBadPlanExitsThreeWithFileAndLine(@TempDir Path dir) throws Exception {
        Path plan = dir.resolve("bad.yaml");
        Files.writeString(plan, GOOD.replace("[1, 5, 20]", "[0]"));
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true));
        try {
            assertThat(Main.execute("run", plan.toString(), "--out", dir.resolve("out").toString()))
                    .isEqualTo(ExitCode.BAD_INPUT);
        } finally {
            System.setErr(err);
        }
        assertThat(captured.toString()).contains("bad.yaml:8: factors.users[0]").contains("must be between 1 and 1024");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void runOptionsBesideAPlanAreAUsageError(@TempDir Path dir) throws Exception {
        Path plan = dir.resolve("good.yaml");
        Files.writeString(plan, GOOD);
        assertThat(Main.execute("run", plan.toString(), "--users", "3", "--out", dir.resolve("out").toString()))
                .isEqualTo(ExitCode.USAGE);
        assertThat(Main.execute("run", dir.resolve("plan.txt").toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", dir.resolve("missing.yaml").toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(dir.resolve("out")).doesNotExist();
    }

    private static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void durationsReadTheSameFormsAsTheCommandLine() {
        assertThat(parse(GOOD.replace("monitorInterval: 8ms", "monitorInterval: 500us")).base().monitorInterval())
                .isEqualTo(Duration.ofNanos(500_000));
        assertThat(parse(GOOD.replace("iterations: 2", "duration: 1.5s")).base().duration())
                .isEqualTo(Duration.ofMillis(1500));
        assertThat(error(GOOD.replace("monitorInterval: 8ms", "monitorInterval: 0ms")))
                .isEqualTo("plan.yaml:6: base.monitorInterval (0ms) must be a positive duration such as 8ms, 30s or 2m");
        assertThat(error(GOOD.replace("iterations: 2", "duration: 30"))).contains("base.duration (30) must be a positive");
    }
}
