package io.tunescope.tune.shop;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.store.Json;
import io.tunescope.tune.command.TuningFile;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.tune.command.WorkloadsTuner;
import io.tunescope.tune.target.TuningTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The shop tuned for several mixes: one session per mix, each on its own persistent stack, then each mix's best and
 * the default on every mix (matrix.json); a workload list and Squid's knobs are checked when the file is read.
 */
class ShopWorkloadsTest {
    private static final String TARGET = """
            target:
              engine: shop
              browsers: 4
              thinkScale: 0.01
              items: 1000
              scaleDown: 100
              database: h2
              proxy: none
              rampUp: 300ms
              measure: 1500ms
              rampDown: 0s
              revalidate: 0
            timeoutSeconds: 120
            """;

    @Test
    void eachMixIsTunedAndItsBestMeasuredOnEveryMix(@TempDir Path dir) throws Exception {
        // one stack per mix for its session and its matrix runs, as examples/shop-mixes.yaml runs
        String persistent = TARGET.replace("  revalidate: 0\n", "  revalidate: 0\n  stack: persistent\n");
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), persistent + """
                workloads:
                  - mix: ordering
                  - {mix: browsing, name: b}
                budget: 1
                strategy: random
                protocol: single    # the sessions and the matrix are under test here, not the races
                parameters:
                  - {name: app_pool_size, min: 2, max: 32}
                """);
        assertThat(f.workloads()).extracting(TuningFile.Workload::name).containsExactly("ordering", "b");
        Path out = dir.resolve("out");
        WorkloadsTuner.Result r = WorkloadsTuner.run(f, out, false, Progress.NONE);
        assertThat(r.sessions()).containsOnlyKeys("ordering", "b");
        assertThat(r.matrix()).as("every mix had a successful trial").isNotNull();
        assertThat(r.matrix().workloads()).containsExactly("ordering", "b");
        JsonNode matrix = Json.MAPPER.readTree(out.resolve("matrix.json").toFile());
        assertThat(matrix.toString()).contains("ordering", "\"b\"");
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("engine").asText()).isEqualTo("shop");
        assertThat(summary.get("workloads").get("b").get("mix").asText()).isEqualTo("browsing");
        assertThat(Files.isRegularFile(out.resolve("workloads").resolve("ordering").resolve("best.json"))).isTrue();
        assertThat(ProcessHandle.current().children().filter(p -> p.info().commandLine().orElse("")
                .contains("-Dtunescope.role=shop-"))).as("every mix's stack stopped at the end").isEmpty();
    }

    @Test
    void aWorkloadListAndSquidsKnobsAreChecked(@TempDir Path dir) {
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), TARGET + """
                workloads: [{mix: ordering}]
                parameters: [{name: app_pool_size, min: 2, max: 32}]
                """)).isInstanceOf(BadInputException.class).hasMessageContaining("must list at least 2 workloads");
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), TARGET + """
                workloads: [{mix: ordering}, {mix: nosuch}]
                parameters: [{name: app_pool_size, min: 2, max: 32}]
                """)).isInstanceOf(BadInputException.class).hasMessageContaining("nosuch");
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), TARGET + """
                parameters: [{name: squid_cache_mem, min: 0, max: 64}]
                """)).as("Squid's knobs with another proxy").isInstanceOf(BadInputException.class)
                .hasMessageContaining("squid_cache_mem");
        TuningFile squid = TuningFileParser.parse(dir.resolve("t.yaml"), TARGET.replace("proxy: none", "proxy: squid")
                + "parameters: [{name: squid_cache_mem, min: 0, max: 64, log: false}, {name: squid_swap_low, min: 50,"
                + " max: 90}]\n");
        assertThat(squid.space().params()).extracting(p -> p.name()).containsExactly("squid_cache_mem",
                "squid_swap_low");
    }

    @Test
    void aSquidConfigurationItsRulesRefuseIsAFailedTrialNamingTheRule(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), TARGET.replace("proxy: none", "proxy: squid")
                + "parameters: [{name: squid_swap_low, min: 50, max: 100}]\n");
        var space = f.space();
        var refused = space.configuration(java.util.Map.of("squid_swap_low", 99L));
        TuningTarget.Measurement m = f.shopTarget().measure(refused, false, dir.resolve("trial.log"));
        assertThat(m.ok()).isFalse();
        assertThat(m.reason()).isEqualTo("cannot apply: squid-swap-low (99) must be at most squid-swap-high (95 %)");
    }
}
