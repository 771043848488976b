package io.tunescope.engine.inprocess;

import io.tunescope.BadInputException;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.workload.micro.PlanMode;
import io.tunescope.workload.micro.StatementCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EngineChoiceTest {
    @TempDir
    static Path dir;

    static List<Engine> inController() {
        return Engines.all().stream().filter(e -> e.scaleRunsAs(Lifecycle.IN_CONTROLLER)).toList();
    }

    @Test
    void theScaleLabRunsFiveEnginesInThisJvm() {
        assertThat(inController()).extracting(Engine::id)
                .containsExactlyInAnyOrder("derby", "h2", "hsqldb", "duckdb", "sqlite");
    }

    @ParameterizedTest
    @MethodSource("inController")
    void defaultStatementRunsInEveryPlanMode(Engine engine) throws Exception {
        try (EngineChoice chosen = EngineChoice.open(engine, null, null, null, dir)) {
            assertThat(chosen.spec()).isEqualTo(ConnectionSpec.inMemory(engine));
            String version = StatementCheck.check(chosen.spec(), chosen.defaultStatement(),
                    List.of(PlanMode.values()));
            assertThat(version).isNotBlank();
        }
    }

    @Test
    void valuesOneIsNotTheDefaultWhereTheDialectLacksIt() {
        assertThat(Engines.byId("duckdb").defaultStatement()).isEqualTo("SELECT 1");
        assertThat(Engines.byId("sqlite").defaultStatement()).isEqualTo("SELECT 1");
        assertThatThrownBy(() -> StatementCheck.check(ConnectionSpec.inMemory(Engines.byId("sqlite")), "VALUES 1",
                List.of(PlanMode.SHARED))).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("statement (VALUES 1) fails on sqlite (shared)");
    }

    @Test
    void anExternalEngineNeedsAUrlAndReportsItsSubprotocol() throws Exception {
        assertThatThrownBy(() -> EngineChoice.open(Engines.byId("jdbc"), null, null, null, dir))
                .isInstanceOf(BadInputException.class).hasMessage("url (null) is required with --engine jdbc");
        try (EngineChoice chosen = EngineChoice.open(Engines.byId("jdbc"), "jdbc:h2:mem:choice", "sa", "", dir)) {
            assertThat(chosen.spec().engine()).isEqualTo("h2");
            assertThat(chosen.defaultStatement()).isEqualTo("VALUES 1");
        }
        // the default statement is the one of the database the URL names: Derby rejects SELECT 1
        try (EngineChoice chosen = EngineChoice.open(Engines.byId("jdbc"), "jdbc:derby:memory:choice;create=true",
                null, null, dir)) {
            assertThat(chosen.defaultStatement()).isEqualTo("VALUES 1");
            StatementCheck.check(chosen.spec(), chosen.defaultStatement(), List.of(PlanMode.SHARED));
        }
        try (EngineChoice chosen = EngineChoice.open(Engines.byId("jdbc"), "jdbc:unknown:x", null, null, dir)) {
            assertThat(chosen.defaultStatement()).isEqualTo("SELECT 1");
        }
        assertThatThrownBy(() -> EngineChoice.open(Engines.byId("mariadb"), null, null, null, dir))
                .isInstanceOf(BadInputException.class).hasMessage("engine (mariadb) cannot run in the scale lab yet");
    }

    @Test
    void jdbcUrlsReportTheirSubprotocol() {
        assertThat(EngineChoice.engineOfUrl("jdbc:postgresql://127.0.0.1/x")).isEqualTo("postgresql");
        assertThat(ConnectionSpec.ofUrl("pg", "jdbc:x:y;password=secret;user=a").displayUrl())
                .isEqualTo("jdbc:x:y;password=***;user=a");
    }
}
