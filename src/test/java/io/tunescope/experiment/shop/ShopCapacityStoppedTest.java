package io.tunescope.experiment.shop;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Progress;
import io.tunescope.SchemaCheck;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.stack.ShopRunConfig;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code shop capacity} stopped in its second level (what SIGTERM's shutdown hook does: it interrupts the curve)
 * keeps the first level whole and the second cut short, in capacity.json with {@code "complete": false}.
 */
class ShopCapacityStoppedTest {
    @Test
    void aCurveStoppedInItsSecondLevelKeepsTheLevelsMeasured(@TempDir Path dir) throws Exception {
        ShopRunConfig stack = new ShopRunConfig(Mix.SHOPPING, 4, Duration.ZERO, Duration.ofSeconds(4),
                Duration.ZERO, new ThinkTime(0.01), new ShopScale(1_000, 4, 100), "h2", null, AppKnobs.DEFAULTS,
                3, dir, 0, true);
        Progress watch = (label, total, unit) -> Progress.Task.NONE;
        ResultsDir out = ResultsDir.of(dir);
        CompletableFuture<Void> run = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try {
                ShopCapacity.run(new ShopCapacityConfig(List.of(2, 4), stack), watch);
                run.complete(null);
            } catch (Throwable t) {
                run.completeExceptionally(t);
            }
        }, "shop-capacity-under-test");
        runner.start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!Files.exists(out.capacityLevel(2).summary()) && System.nanoTime() < deadline && !run.isDone()) {
            Thread.sleep(20);
        }
        assertThat(run).as("the curve still runs").isNotDone();
        assertThat(out.capacityLevel(2).summary()).as("the first level's summary").exists();
        Thread.sleep(1_500);   // part of the second level measured before the stop
        runner.interrupt();
        assertThat(run).failsWithin(2, TimeUnit.MINUTES);

        JsonNode capacity = Json.MAPPER.readTree(out.shopCapacity().toFile());
        assertThat(capacity.get("complete").asBoolean()).isFalse();
        assertThat(capacity.get("failure").asText()).startsWith("stopped by a signal").contains("4 browsers");
        assertThat(capacity.get("levels")).hasSize(2);
        assertThat(SchemaCheck.problems("capacity", capacity)).isEmpty();
        assertThat(Json.MAPPER.readTree(out.capacityLevel(2).summary().toFile()).get("complete").asBoolean()).isTrue();
        JsonNode cut = Json.MAPPER.readTree(out.capacityLevel(4).summary().toFile());
        assertThat(cut.get("complete").asBoolean()).isFalse();
        assertThat(cut.get("measureSeconds").asDouble()).as("cut short of the 4 s asked for").isLessThan(4);
        assertThat(out.root().resolve("results.duckdb")).exists();
    }
}
