package io.tunescope.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.engine.CpuList;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.store.Json;
import io.tunescope.workload.DataConfig;
import io.tunescope.workload.WorkloadConfig;
import io.tunescope.workload.WorkloadDefinition;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TpchRunConfigTest {
    private static final Path OUT = Path.of("runs", "x");

    /** A PostgreSQL run with every value away from its default. */
    static TpchRunConfig everythingSet() {
        return TpchRunConfig.builder()
                .engine(Engines.byId("postgres")).pgBin(Path.of("/opt/pg/bin"))
                .scaleFactor(0.01).load(false).loadThreads(3).validate(true)
                .users(4).workload(WorkloadDefinition.parse("sequence", true)).waitAfterQuery(Duration.ofMillis(250))
                .duration(Duration.ofSeconds(90)).warmupIterations(2).prepared(true).seed(7)
                .tenants(2).cpus("0/0", 1).serverSettings(List.of("max_parallel_workers = 1"))
                .outDir(OUT).keepData(true)
                .build();
    }

    @Test
    void theBuilderDefaultsAreThoseOfRun() {
        TpchRunConfig config = TpchRunConfig.builder().outDir(OUT).build();
        assertThat(config.connection()).isEqualTo(ConnectionConfig.of(Engines.byId("duckdb")));
        assertThat(config.data()).isEqualTo(new DataConfig(0.01, true, Runtime.getRuntime().availableProcessors(), false));
        assertThat(config.workload()).isEqualTo(WorkloadConfig.of(1, WorkloadDefinition.parse("sequence", false)));
        assertThat(config.placement()).isEqualTo(PlacementConfig.of(1));
        assertThat(config.output()).isEqualTo(OutputConfig.of(OUT));
    }

    @Test
    void aDurationReplacesTheDefaultIterationAndJdbcDoesNotLoad() {
        TpchRunConfig config = TpchRunConfig.builder().engine(Engines.byId("jdbc")).url("jdbc:h2:mem:x")
                .duration(Duration.ofSeconds(5)).outDir(OUT).build();
        assertThat(config.workload().iterations()).isZero();
        assertThat(config.workload().duration()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.data().load()).isFalse();
    }

    @Test
    void cpuTextIsResolvedPerTenant() {
        TpchRunConfig config = everythingSet();
        assertThat(config.placement().cpus()).extracting(CpuList::text).containsExactly("0", "0");
        assertThat(config.placement().cpusOf(1).text()).isEqualTo("0");
        assertThat(PlacementConfig.of(1).cpusOf(0)).isNull();
    }

    @Test
    void toBuilderRebuildsAnEqualConfiguration() {
        TpchRunConfig config = everythingSet();
        assertThat(config.toBuilder().build()).isEqualTo(config);
        assertThat(config.toBuilder().users(9).build().workload().users()).isEqualTo(9);
        assertThat(config.workload().users()).isEqualTo(4);
    }

    @Test
    void withCopiesChangeOnePartAndKeepTheRest() {
        TpchRunConfig config = everythingSet();
        TpchRunConfig more = config.withWorkload(config.workload().withUsers(8));
        assertThat(more.workload().users()).isEqualTo(8);
        assertThat(more.withWorkload(config.workload())).isEqualTo(config);
        assertThat(config.withData(config.data().withLoad(true)).data().load()).isTrue();
        assertThat(config.withPlacement(config.placement().withDuckdbThreads(0).withServerSettings(List.of()))
                .placement().serverSettings()).isEmpty();
        assertThat(config.withOutput(config.output().withDir(Path.of("y"))).output())
                .isEqualTo(new OutputConfig(Path.of("y"), true));
        assertThat(config.withConnection(config.connection().withPgBin(null)).connection().pgBin()).isNull();
    }

    @Test
    void withDurationAndWithIterationsSwitchWhatBoundsTheRun() {
        WorkloadConfig byTime = WorkloadConfig.of(2, WorkloadDefinition.parse("single:Q6", false))
                .withDuration(Duration.ofSeconds(3));
        assertThat(byTime.iterations()).isZero();
        WorkloadConfig byCount = byTime.withIterations(5);
        assertThat(byCount.duration()).isNull();
        assertThat(byCount.iterations()).isEqualTo(5);
        assertThat(byCount.withSeed(3).withPrepared(true).withWarmupIterations(1)
                .withWaitAfterQuery(Duration.ofMillis(1)).withDefinition(WorkloadDefinition.parse("sequence", false)))
                .isEqualTo(new WorkloadConfig(2, WorkloadDefinition.parse("sequence", false), Duration.ofMillis(1),
                        null, 5, 1, true, 3));
    }

    @Test
    void theSummaryEchoKeepsItsFieldNamesAndValues() {
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("engine", "postgres");
        expected.put("url", null);
        expected.put("dbUser", null);
        expected.put("scaleFactor", 0.01);
        expected.put("tenants", 2);
        expected.put("users", 4);
        expected.put("workload", "sequence (permuted)");
        expected.put("waitMillis", 250L);
        expected.put("durationMillis", 90_000L);
        expected.put("iterations", null);
        expected.put("warmupIterations", 2);
        expected.put("cpus", List.of("0", "0"));
        expected.put("validate", true);
        expected.put("seed", 7L);
        expected.put("prepared", true);
        expected.put("load", false);
        expected.put("loadThreads", 3);
        expected.put("duckdbThreads", null);
        expected.put("serverSettings", List.of("max_parallel_workers = 1"));
        JsonNode echo = Json.MAPPER.valueToTree(everythingSet().echo());
        assertThat(echo).isEqualTo(Json.MAPPER.valueToTree(expected));
        assertThat(keys(echo)).containsExactlyElementsOf(expected.keySet());
    }

    private static List<String> keys(JsonNode tree) {
        List<String> keys = new java.util.ArrayList<>();
        tree.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void theEchoOfAJdbcRunMasksTheUrlAndLeavesOutEmptyServerSettings() {
        JsonNode echo = Json.MAPPER.valueToTree(TpchRunConfig.builder().engine(Engines.byId("jdbc"))
                .url("jdbc:postgresql://db:5432/tpch?user=bench&password=hunter2").dbUser("bench")
                .passwordEnv("PGPASS").iterations(3).duckdbThreads(2).outDir(OUT).build().echo());
        assertThat(keys(echo)).containsExactlyElementsOf(Arrays.asList("engine", "url", "dbUser", "scaleFactor",
                "tenants", "users", "workload", "waitMillis", "durationMillis", "iterations", "warmupIterations", "cpus",
                "validate", "seed", "prepared", "load", "loadThreads", "duckdbThreads"));
        assertThat(echo.get("url").asText()).isEqualTo("jdbc:postgresql://db:5432/tpch?user=bench&password=***");
        assertThat(echo.get("iterations").asInt()).isEqualTo(3);
        assertThat(echo.get("durationMillis").isNull()).isTrue();
        assertThat(echo.get("duckdbThreads").asInt()).isEqualTo(2);
        assertThat(echo.toString()).doesNotContain("hunter2").doesNotContain("PGPASS");
    }
}
