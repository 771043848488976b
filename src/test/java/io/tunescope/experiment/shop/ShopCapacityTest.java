package io.tunescope.experiment.shop;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.BadInputException;
import io.tunescope.SchemaCheck;
import io.tunescope.Progress;
import io.tunescope.analysis.shop.CapacityLevel;
import io.tunescope.analysis.shop.CapacitySummary;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code shop capacity} on H2 with three small levels: one stack, every level's summary, capacity.json. */
class ShopCapacityTest {
    private static ShopRunConfig stack(Path out, int highest) {
        return new ShopRunConfig(Mix.SHOPPING, highest, Duration.ofMillis(300), Duration.ofMillis(1500),
                Duration.ZERO, new ThinkTime(0.01), new ShopScale(1_000, highest, 100), "h2", null, AppKnobs.DEFAULTS,
                3, out, 0, true);
    }

    private static long stackChildren() {
        return ProcessHandle.current().children().filter(p -> p.info().commandLine().orElse("")
                .contains("-Dtunescope.role=shop-")).count();
    }

    @Test
    void threeLevelsOnOneStackWriteCapacityJsonAndLeaveNothingRunning(@TempDir Path dir) throws Exception {
        AtomicInteger populations = new AtomicInteger();
        AtomicLong levelSeconds = new AtomicLong();
        Progress watch = (label, total, unit) -> {
            if (label.startsWith("populating")) {
                populations.incrementAndGet();
            }
            if (label.equals("capacity levels")) {
                levelSeconds.set(total);
            }
            return Progress.Task.NONE;
        };
        CapacitySummary s = ShopCapacity.run(new ShopCapacityConfig(List.of(2, 4, 8), stack(dir, 8)), watch);

        assertThat(populations).as("the store is populated once, not per level").hasValue(1);
        assertThat(levelSeconds).as("one bar over every level's ramp-up and measurement").hasValue(3 * 1);
        assertThat(s.levels()).extracting(CapacityLevel::browsers).containsExactly(2, 4, 8);
        assertThat(s.levels()).allSatisfy(l -> {
            assertThat(l.wips()).isPositive();
            assertThat(l.errors()).isZero();
            assertThat(l.p90Millis()).hasSize(14).containsKey("Buy Confirm");
            assertThat(l.worstLimitRatio()).isPositive();
            assertThat(l.tiers()).extracting(t -> t.tier()).containsExactly("app", "db", "driver");
            assertThat(l.tiers()).allSatisfy(t -> assertThat(t.limitCores()).isEqualTo(s.machineCores()));
        });
        assertThat(s.levels().get(2).tiers().get(0).cpuCores()).as("the app node worked").isPositive();
        assertThat(s.levels().get(2).wips()).as("more browsers, more WIPS while the load is light")
                .isGreaterThan(s.levels().get(0).wips());
        assertThat(s.usl()).as("three levels: a USL fit").isNotNull();
        assertThat(s.usl().points()).isEqualTo(3);
        assertThat(s.saturatedTier()).isNotNull();
        assertThat(s.saturatedTier().tier()).isIn("app", "db");
        assertThat(s.population().customers()).as("sized for the highest level").isEqualTo(2880 * 8 / 100);
        assertThat(stackChildren()).as("stack processes after the curve").isZero();

        ResultsDir out = ResultsDir.of(dir);
        for (int b : List.of(2, 4, 8)) {
            ShopSummary level = Json.read(out.capacityLevel(b).summary(), ShopSummary.class);
            assertThat(level.browsers()).isEqualTo(b);
            assertThat(level.monitor()).isNotEmpty();
        }
        assertThat(Files.size(dir.resolve("capacity.json"))).isPositive();
        JsonNode json = Json.MAPPER.readTree(out.shopCapacity().toFile());
        for (String field : List.of("mix", "metric", "database", "thinkScale", "measureSeconds", "machineCores",
                "levels", "usl", "saturatedTier", "saturationRule", "environment")) {
            assertThat(json.has(field)).as(field).isTrue();
        }
        JsonNode level = json.get("levels").get(1);
        assertThat(level.fieldNames()).toIterable().contains("browsers", "wips", "errors", "p90Millis",
                "worstLimitRatio", "tiers", "summary");
        assertThat(level.get("summary").asText()).isEqualTo("levels/4-browsers/summary.json");
        assertThat(level.get("tiers").get(0).fieldNames()).toIterable().contains("tier", "cpuCores",
                "runDelayCores", "limitCores", "utilisation", "demandRatio");
        assertThat(json.get("usl").fieldNames()).toIterable().contains("sigma", "kappa", "lambda", "r2");
        assertThat(json.get("saturatedTier").fieldNames()).toIterable().contains("tier", "saturated", "reason");
        assertThat(SchemaCheck.problems("capacity", json)).isEmpty();
        assertThat(SchemaCheck.problems("shop", Json.MAPPER.readTree(out.capacityLevel(4).summary().toFile())))
                .isEmpty();
    }

    @Test
    void levelsMustBeSortedPositiveAndDistinct() {
        assertThat(ShopCapacityConfig.parseLevels("10, 20,40")).containsExactly(10, 20, 40);
        assertThatThrownBy(() -> ShopCapacityConfig.parseLevels(" ")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("at least one load level");
        assertThatThrownBy(() -> ShopCapacityConfig.parseLevels("10,5")).hasMessageContaining("strictly increasing");
        assertThatThrownBy(() -> ShopCapacityConfig.parseLevels("10,10")).hasMessageContaining("strictly increasing");
        assertThatThrownBy(() -> ShopCapacityConfig.parseLevels("0,10")).hasMessageContaining("at least 1 browser");
        assertThatThrownBy(() -> ShopCapacityConfig.parseLevels("ten")).hasMessageContaining("whole numbers");
        assertThatThrownBy(() -> new ShopCapacityConfig(List.of(2, 4), stack(Path.of("x"), 8)))
                .hasMessageContaining("sized for 8 browsers, not for the highest level 4");
    }
}
