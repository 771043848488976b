package io.tunescope.tune.shop;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.store.Json;
import io.tunescope.tune.command.CommandTuner;
import io.tunescope.tune.command.TuningFile;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The web shop as a tuning target: a tiny session on H2, a knob out of range, a configuration the tiers refuse. */
class ShopTargetTest {
    private static final String TARGET = """
            target:
              engine: shop
              mix: ordering
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

    private static List<ProcessHandle> stackChildren() {
        return ProcessHandle.current().children().filter(p -> p.info().commandLine().orElse("")
                .contains("-Dtunescope.role=shop-")).toList();
    }

    @Test
    void aTwoTrialSessionMeasuresTheDefaultFirstAndLeavesNothingRunning(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), TARGET + """
                budget: 2
                strategy: random
                protocol: {noiseRepeats: 2, maxSlices: 2}    # the race at its smallest: four fresh stacks
                parameters:
                  - {name: app_pool_size, min: 2, max: 32}
                  - {name: app_cache_entries, min: 0, max: 1000}
                """);
        assertThat(f.shop()).isNotNull();
        assertThat(f.direction().name()).isEqualTo("MAXIMIZE");
        Path out = dir.resolve("out");
        CommandTuner.Result r = CommandTuner.run(f, out, false, Progress.NONE);
        assertThat(r.newTrials()).isEqualTo(2);
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("engine").asText()).isEqualTo("shop");
        assertThat(summary.get("trials")).hasSize(2);
        assertThat(summary.get("noise").get("measurements").asInt()).as("the default's noise phase").isEqualTo(2);
        assertThat(summary.get("measurements").asInt()).as("both sides of the race's two slices").isEqualTo(4);
        JsonNode first = summary.get("trials").get(0);
        assertThat(first.get("isDefault").asBoolean()).as(first.toString()).isTrue();
        assertThat(first.get("config").get("app_pool_size").asLong()).isEqualTo(16);
        for (JsonNode t : summary.get("trials")) {
            assertThat(t.get("status").asText()).as(t.toString()).isEqualToIgnoringCase("ok");
            assertThat(t.get("objective").asDouble()).as("WIPSo of trial " + t).isPositive();
        }
        JsonNode best = Json.MAPPER.readTree(out.resolve("best.json").toFile());
        assertThat(best.get("snippet").asText()).startsWith("tunescope shop run --mix ordering --browsers 4")
                .contains("--database h2", "--app-pool-size ", "--app-cache-entries ");
        assertThat(stackChildren()).as("no stack process left after the session").isEmpty();
    }

    @Test
    void aKnobOutOfItsCatalogRangeIsBadInputNamingKnobValueAndRule(@TempDir Path dir) {
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), TARGET + """
                parameters:
                  - {name: app_pool_size, min: 2, max: 5000}
                """)).isInstanceOf(BadInputException.class)
                .hasMessageEndingWith("t.yaml:16: app_pool_size (5000) must be a whole number between 1 and 1024");
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), TARGET + """
                parameters:
                  - {name: shared_buffers}
                """)).isInstanceOf(BadInputException.class).hasMessageContaining("shared_buffers");
    }

    @Test
    void aConfigurationTheTiersRefuseIsAFailedTrialWithTheReason(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), TARGET + """
                parameters:
                  - {name: app_min_threads}
                  - {name: app_max_threads}
                """);
        TuningTarget.Measurement m = f.shopTarget().measure(new Configuration(Map.of("app_min_threads", 64L,
                "app_max_threads", 8L)), false, dir.resolve("trial-1.log"));
        assertThat(m.ok()).isFalse();
        assertThat(m.reason()).startsWith("cannot apply:").contains("app-max-threads");
        assertThat(stackChildren()).isEmpty();
    }

    @Test
    void errorsOrADegradedStackFailTheTrialAndP90ScoresTheInteraction(@TempDir Path dir) throws Exception {
        ShopTarget wips = TuningFileParser.parse(dir.resolve("t.yaml"), TARGET
                + "parameters: [{name: app_pool_size}]\n").shopTarget();
        assertThat(wips.score(summary("{\"wips\": 12.5, \"errors\": 3, \"errorsByKind\": {\"HTTP 500\": 3}}"), 7)
                .reason()).isEqualTo("3 interaction(s) failed {HTTP 500=3}");
        assertThat(wips.score(summary("{\"wips\": 12.5, \"degraded\": true}"), 7).reason())
                .contains("degraded");
        assertThat(wips.score(summary("{\"wips\": 0}"), 7).ok()).isFalse();
        assertThat(wips.score(summary("{\"wips\": 12.5}"), 7).values()).containsExactly(12.5);
        ShopTarget p90 = TuningFileParser.parse(dir.resolve("t.yaml"), TARGET.replace("revalidate: 0",
                "revalidate: 0\n  objective: p90:home") + "parameters: [{name: app_pool_size}]\n").shopTarget();
        String rows = "{\"wips\": 12.5, \"interactions\": [{\"name\": \"Home\", \"count\": 4, \"p90Millis\": 31.5}]}";
        assertThat(p90.score(summary(rows), 7).values()).containsExactly(31.5);
        assertThat(p90.score(summary("{\"wips\": 12.5, \"interactions\": []}"), 7).reason())
                .isEqualTo("no Home interaction was measured");
    }

    private static io.tunescope.store.ShopSummary summary(String json) throws Exception {
        return Json.MAPPER.readValue(json, io.tunescope.store.ShopSummary.class);
    }

    @Test
    void objectivesAreWipsOrTheP90OfAnInteraction() {
        assertThat(ShopObjective.parse("wips").direction().name()).isEqualTo("MAXIMIZE");
        ShopObjective p90 = ShopObjective.parse("p90:buy-confirm");
        assertThat(p90.interaction().title()).isEqualTo("Buy Confirm");
        assertThat(p90.direction().name()).isEqualTo("MINIMIZE");
        assertThatThrownBy(() -> ShopObjective.parse("p95:home")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("p95:home");
    }
}
