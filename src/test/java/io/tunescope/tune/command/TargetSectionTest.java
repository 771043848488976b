package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.engine.knob.Catalogs;
import io.tunescope.tune.database.Objective;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.space.EnumParam;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.RealParam;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TargetSectionTest {
    private static TuningFile parse(Path dir, String text) {
        return TuningFileParser.parse(dir.resolve("t.yaml"), text);
    }

    @Test
    void parametersNameCatalogKnobsAndTakeTheirRangesAndDefaults(@TempDir Path dir) {
        TuningFile f = parse(dir, """
                target: {engine: postgres, workload: "single:Q6", scaleFactor: 0.01, users: 2, measure: 5s,
                         objective: throughput, cooldown: 2s}
                parameters:
                  - name: shared_buffers
                    max: 1GB
                  - name: random_page_cost
                  - name: jit
                  - name: synchronous_commit
                    values: [on, off]
                  - name: users
                """);
        assertThat(f.target().engine().id()).isEqualTo("postgres");
        assertThat(f.target().objective().kind()).isEqualTo(Objective.Kind.THROUGHPUT);
        assertThat(f.direction()).isEqualTo(Direction.MAXIMIZE);
        assertThat(f.target().measure()).hasSeconds(5);
        assertThat(f.target().revalidateRuns()).isEqualTo(3);
        assertThat(f.space().params().get(0)).isEqualTo(new IntParam("shared_buffers", 16, 1024, 1, true,
                java.util.List.of(), 128L));
        assertThat(f.space().params().get(1)).isEqualTo(new RealParam("random_page_cost", 0.1, 20, false, 4.0));
        assertThat(f.space().params().get(2)).isEqualTo(EnumParam.bool("jit", true));
        assertThat(((EnumParam) f.space().params().get(3)).values()).containsExactly("on", "off");
        assertThat(((IntParam) f.space().params().get(4)).defaultValue()).isEqualTo(2L);
        assertThat(f.space().defaultConfiguration()).isPresent();
    }

    @Test
    void anUnknownKnobOrAValueOutsideItsRuleIsBadInputNamingFileLineKnobValueAndRule(@TempDir Path dir) {
        assertThatThrownBy(() -> parse(dir, """
                target: {engine: duckdb}
                parameters:
                  - name: "threads; DROP TABLE lineitem"
                """)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("t.yaml:3: knob (threads; DROP TABLE lineitem) is not in the duckdb catalog");
        assertThatThrownBy(() -> parse(dir, """
                target: {engine: postgres}
                parameters:
                  - name: shared_buffers
                    max: 1TB
                """)).hasMessageContaining("t.yaml:4: shared_buffers (1TB) must be a whole number between 16 and 65536 MB");
        assertThatThrownBy(() -> parse(dir, """
                target: {engine: duckdb}
                parameters:
                  - name: threads
                    type: real
                """)).hasMessageContaining("type (type) is not a known key of a catalog knob");
        assertThatThrownBy(() -> parse(dir, """
                target: {engine: sqlite}
                parameters: [{name: x}]
                """)).hasMessageContaining("t.yaml:1: engine (sqlite) must be one of");
        assertThatThrownBy(() -> parse(dir, """
                target: {engine: duckdb, objective: fastest}
                parameters: [{name: threads}]
                """)).hasMessageContaining("objective (fastest) must be throughput, notpm (TPC-C), geomean or a latency percentile");
        assertThatThrownBy(() -> parse(dir, """
                target: {engine: duckdb, revalidate: 2}
                parameters: [{name: threads}]
                """)).hasMessageContaining("target.revalidate (2) must be 0 (none) or at least 3");
        assertThatThrownBy(() -> parse(dir, """
                target: {engine: duckdb}
                command: "true"
                parameters: [{name: threads}]
                """)).hasMessageContaining("is for tuning a command");
    }

    @Test
    void theRangeMustHoldTheDefaultThatIsMeasuredFirst(@TempDir Path dir) {
        assertThatThrownBy(() -> parse(dir, """
                target: {engine: postgres}
                parameters:
                  - name: shared_buffers
                    min: 256
                """)).isInstanceOf(BadInputException.class).hasMessageContaining("shared_buffers.default (128)");
        TuningFile given = parse(dir, """
                target: {engine: postgres}
                parameters:
                  - name: shared_buffers
                    min: 256
                    default: 512MB
                """);
        assertThat(((IntParam) given.space().params().get(0)).defaultValue()).isEqualTo(512L);
    }

    @Test
    void aDefaultThatFollowsTheMachineIsMovedIntoTheRangeAndSaidSo(@TempDir Path dir) {
        long cores = ((Number) Catalogs.duckdb().knob("threads").defaultValue()).longValue();
        TuningFile below = parse(dir, """
                target: {engine: duckdb}
                parameters:
                  - name: threads
                    min: %d
                    max: %d
                    step: 2
                """.formatted(cores + 1, cores + 6));
        assertThat(((IntParam) below.space().params().get(0)).defaultValue()).isEqualTo(cores + 1);
        assertThat(below.clampedDefaults()).containsExactly("threads: the default trial runs " + (cores + 1)
                + ", not the engine's default " + cores + ", which lies outside the file's range");
        TuningFile above = parse(dir, """
                target: {engine: duckdb}
                parameters:
                  - name: memory_limit
                    max: 64
                """);
        assertThat(((IntParam) above.space().params().get(0)).defaultValue()).isEqualTo(64L);
        TuningFile inside = parse(dir, """
                target: {engine: duckdb}
                parameters:
                  - name: threads
                """);
        assertThat(((IntParam) inside.space().params().get(0)).defaultValue()).isEqualTo(cores);
        assertThat(inside.clampedDefaults()).isEmpty();
    }

    @Test
    void aRestartOnlyKnobOnAServerTunescopeDoesNotManageIsBadInputBeforeAnyTrial(@TempDir Path dir) throws Exception {
        String file = """
                target:
                  engine: jdbc
                  url: "jdbc:mariadb://127.0.0.1:3306/shop?password=hunter2"
                parameters:
                  - name: join_buffer_size
                  - name: innodb_log_file_size
                """;
        assertThatThrownBy(() -> parse(dir, file)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("t.yaml:6: parameters[1].name (innodb_log_file_size) is restart-only on mariadb")
                .hasMessageContaining("not managed by tunescope (engine jdbc), which cannot restart it")
                .hasMessageContaining("password=***").hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> parse(dir, """
                target: {engine: jdbc}
                parameters:
                  - name: shared_buffers
                """)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("target.url (missing) is required with engine jdbc");
        java.nio.file.Files.writeString(dir.resolve("t.yaml"), file);
        Path out = dir.resolve("out");
        assertThat(io.tunescope.cli.Main.execute("tune", dir.resolve("t.yaml").toString(), "--out", out.toString()))
                .isEqualTo(io.tunescope.cli.ExitCode.BAD_INPUT);
        assertThat(out).as("no trial ran").doesNotExist();
    }

    @Test
    void serverIsFreshByDefaultPersistentOnlyForPostgresAndNotWithSeveralWorkloads(@TempDir Path dir) {
        assertThat(parse(dir, "target: {engine: postgres}\nparameters: [{name: work_mem}]\n").target().server())
                .isEqualTo(io.tunescope.tune.database.ServerMode.FRESH);
        assertThat(parse(dir, "target: {engine: postgres, server: persistent}\nparameters: [{name: work_mem}]\n")
                .target().server()).isEqualTo(io.tunescope.tune.database.ServerMode.PERSISTENT);
        assertThatThrownBy(() -> parse(dir, "target: {engine: postgres, server: shared}\nparameters: [{name: jit}]\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("t.yaml:1: target.server (shared) must be "
                        + "fresh (a new server per trial) or persistent");
        assertThatThrownBy(() -> parse(dir, "target: {engine: duckdb, server: persistent}\nparameters: [{name: threads}]\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("target.server (persistent) is for engine postgres only, not duckdb");
        assertThatThrownBy(() -> parse(dir, """
                target: {engine: postgres, server: persistent}
                workloads: [{workload: "single:Q1"}, {workload: "single:Q6"}]
                parameters: [{name: jit}]
                """)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("workloads (2 entries) cannot be combined with target.server: persistent");
    }
}
