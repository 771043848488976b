package io.tunescope.experiment;

import io.tunescope.BadInputException;
import io.tunescope.engine.CpuList;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.workload.DataConfig;
import io.tunescope.workload.WorkloadConfig;
import io.tunescope.workload.WorkloadDefinition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Every rule of the run configuration, each checked by the one record that owns its value. */
class RunConfigRulesTest {
    private static final WorkloadDefinition SEQUENCE = WorkloadDefinition.parse("sequence", false);
    private static final WorkloadConfig WORKLOAD = WorkloadConfig.of(1, SEQUENCE);
    private static final List<CpuList> ONE_CPU = CpuList.perTenant("0", 1, 1);

    static Stream<Arguments> rules() {
        return Stream.of(
                arguments((Runnable) () -> new DataConfig(0.001, true, 1, false),
                        "scale factor (0.001) must be between 0.01 and 10.0"),
                arguments((Runnable) () -> new DataConfig(0.01, true, 0, false), "load-threads (0) must be at least 1"),
                arguments((Runnable) () -> new DataConfig(0.1, true, 1, true),
                        "validate (scale factor 0.1) needs scale factor 0.01: the reference answers exist only there"),
                arguments((Runnable) () -> WORKLOAD.withUsers(1025), "users (1025) must be between 1 and 1024"),
                arguments((Runnable) () -> WORKLOAD.withDefinition(null), "workload (null) is required"),
                arguments((Runnable) () -> WORKLOAD.withIterations(0),
                        "duration/iterations (none/0) give exactly one: --duration (positive) or --iterations (at least 1)"),
                arguments((Runnable) () -> new WorkloadConfig(1, SEQUENCE, Duration.ZERO, Duration.ofSeconds(1), 2, 0,
                        false, 1), "duration/iterations (PT1S/2) give exactly one: --duration (positive) or --iterations "
                        + "(at least 1)"),
                arguments((Runnable) () -> WORKLOAD.withDuration(Duration.ofSeconds(-1)), "duration (-1s) must be positive"),
                arguments((Runnable) () -> WORKLOAD.withWarmupIterations(-1), "warmup (-1) must not be negative"),
                arguments((Runnable) () -> WORKLOAD.withWaitAfterQuery(null), "wait (null) is required (0s for no pause)"),
                arguments((Runnable) () -> WORKLOAD.withWaitAfterQuery(Duration.ofMillis(-5)),
                        "wait (PT-0.005S) must not be negative"),
                arguments((Runnable) () -> ConnectionConfig.of(null), "engine (null) is required"),
                arguments((Runnable) () -> ConnectionConfig.of(Engines.byId("jdbc")), "url (null) is required with --engine jdbc"),
                arguments((Runnable) () -> ConnectionConfig.of(Engines.byId("duckdb")).withUrl("jdbc:duckdb:"),
                        "url ((given)) only applies to --engine jdbc"),
                arguments((Runnable) () -> PlacementConfig.of(65), "tenants (65) must be between 1 and 64"),
                arguments((Runnable) () -> PlacementConfig.of(1).withDuckdbThreads(-1),
                        "duckdb-threads (-1) must be 0 (DuckDB's default) or more"),
                arguments((Runnable) () -> PlacementConfig.of(2).withCpus(ONE_CPU),
                        "cpus ([0]) must hold one CPU list per tenant"),
                arguments((Runnable) () -> OutputConfig.of(null), "out (null) is required"),
                arguments((Runnable) () -> TpchRunConfig.builder().serverSettings(List.of("work_mem = 4MB"))
                        .outDir(Path.of("x")).build(), "serverSettings ([work_mem = 4MB]) only apply to engines tunescope starts as servers (postgres, mariadb)"),
                arguments((Runnable) () -> TpchRunConfig.builder().engine(Engines.byId("jdbc")).url("jdbc:h2:mem:x")
                        .cpus(ONE_CPU).outDir(Path.of("x")).build(),
                        "cpus ([0]) cannot pin a database tunescope did not start (--engine jdbc)"));
    }

    @ParameterizedTest
    @MethodSource("rules")
    void eachRuleNamesFieldValueAndRule(Runnable build, String message) {
        assertThatThrownBy(build::run).isInstanceOf(BadInputException.class).hasMessage(message);
    }

    @Test
    void theBuilderReportsARuleWithTheOwningRecordsMessage() {
        assertThatThrownBy(() -> TpchRunConfig.builder().users(0).outDir(Path.of("x")).build())
                .isInstanceOf(BadInputException.class).hasMessage("users (0) must be between 1 and 1024");
        assertThatThrownBy(() -> TpchRunConfig.builder().duration(Duration.ofSeconds(1)).iterations(2)
                .outDir(Path.of("x")).build()).hasMessageStartingWith("duration/iterations (PT1S/2)");
        assertThatThrownBy(() -> TpchRunConfig.builder().build()).hasMessage("out (null) is required");
    }
}
