package io.tunescope.shop.stack;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Progress;
import io.tunescope.SchemaCheck;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code shop run} stopped while its browsers run (what SIGTERM's shutdown hook does: it interrupts the run) still
 * writes summary.json, of what was measured, with {@code "complete": false}; a whole run says {@code true}.
 */
class ShopRunStoppedTest {
    @Test
    void aRunStoppedMidMeasurementKeepsWhatWasMeasured(@TempDir Path dir) throws Exception {
        ShopRunConfig config = new ShopRunConfig(Mix.BROWSING, 4, Duration.ZERO, Duration.ofMinutes(5),
                Duration.ZERO, new ThinkTime(0.01), new ShopScale(1_000, 4, 100), "h2", null, AppKnobs.DEFAULTS, 4,
                dir, 0, false);
        AtomicLong browserSeconds = new AtomicLong();
        Progress watch = (label, total, unit) -> label.equals("emulated browsers") ? new Progress.Task() {
            @Override
            public void step(long units) {
                browserSeconds.addAndGet(units);
            }

            @Override
            public void done() {
            }
        } : Progress.Task.NONE;
        Thread[] runner = new Thread[1];
        CompletableFuture<ShopSummary> run = new CompletableFuture<>();
        runner[0] = new Thread(() -> {
            try {
                run.complete(ShopRun.run(config, watch));
            } catch (Throwable t) {
                run.completeExceptionally(t);
            }
        }, "shop-run-under-test");
        runner[0].start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (browserSeconds.get() < 3 && System.nanoTime() < deadline && !run.isDone()) {
            Thread.sleep(50);
        }
        assertThat(browserSeconds.get()).as("the browsers ran 3 s").isGreaterThanOrEqualTo(3);
        runner[0].interrupt();
        ShopSummary summary = run.get(2, TimeUnit.MINUTES);

        JsonNode written = Json.MAPPER.readTree(ResultsDir.of(dir).summary().toFile());
        assertThat(written.get("complete").asBoolean()).isFalse();
        assertThat(SchemaCheck.problems("shop", written)).isEmpty();
        assertThat(written.get("failure").asText()).startsWith("stopped by a signal");
        long completed = 0;
        for (JsonNode i : written.get("interactions")) {
            completed += i.get("count").asLong();
        }
        assertThat(completed).as("interactions measured before the stop").isPositive();
        assertThat(written.get("measureSeconds").asDouble()).as("the part measured, not the 300 s asked for")
                .isGreaterThan(0).isLessThan(120);
        assertThat(written.get("wips").asDouble()).isEqualTo(summary.wips()).isPositive();
    }
}
