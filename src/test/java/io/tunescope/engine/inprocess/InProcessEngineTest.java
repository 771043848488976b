package io.tunescope.engine.inprocess;

import io.tunescope.BadInputException;
import io.tunescope.workload.micro.PlanMode;
import io.tunescope.workload.micro.StatementCheck;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InProcessEngineTest {
    @TempDir
    static Path dir;

    @ParameterizedTest
    @EnumSource(InProcessEngine.class)
    void defaultStatementRunsInEveryPlanMode(InProcessEngine engine) {
        engine.prepare(dir);
        String version = StatementCheck.check(engine.connectionSpec(), engine.defaultStatement(),
                List.of(PlanMode.values()));
        assertThat(version).isNotBlank();
        InProcessEngine.release(engine.connectionSpec());
    }

    @Test
    void valuesOneIsNotTheDefaultWhereTheDialectLacksIt() {
        assertThat(InProcessEngine.DUCKDB.defaultStatement()).isEqualTo("SELECT 1");
        assertThat(InProcessEngine.SQLITE.defaultStatement()).isEqualTo("SELECT 1");
        assertThatThrownBy(() -> StatementCheck.check(InProcessEngine.SQLITE.connectionSpec(), "VALUES 1",
                List.of(PlanMode.SHARED))).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("statement (VALUES 1) fails on sqlite (shared)");
    }

    @Test
    void jdbcUrlsReportTheirSubprotocol() {
        assertThat(EngineChoice.engineOfUrl("jdbc:postgresql://127.0.0.1/x")).isEqualTo("postgresql");
        assertThat(ConnectionSpec.ofUrl("pg", "jdbc:x:y;password=secret;user=a").displayUrl())
                .isEqualTo("jdbc:x:y;password=***;user=a");
    }
}
