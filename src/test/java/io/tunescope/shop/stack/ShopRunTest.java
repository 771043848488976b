package io.tunescope.shop.stack;

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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A short {@code shop run} on H2: the summary's fields, nothing left running, and a node killed mid-run. */
class ShopRunTest {
    private static ShopRunConfig config(Path out, Duration measure) {
        return config(out, measure, false);
    }

    private static ShopRunConfig config(Path out, Duration measure, boolean monitor) {
        return new ShopRunConfig(Mix.ORDERING, 8, Duration.ofMillis(500), measure, Duration.ofMillis(300),
                new ThinkTime(0.01), new ShopScale(1_000, 8, 100), "h2", null, AppKnobs.DEFAULTS, 4, out, 0, monitor);
    }

    private static List<ProcessHandle> stackChildren() {
        return ProcessHandle.current().children().filter(p -> p.info().commandLine().orElse("")
                .contains("-Dtunescope.role=shop-")).toList();
    }

    @Test
    void aShortRunWritesTheSummaryAndLeavesNothingRunning(@TempDir Path dir) throws Exception {
        List<Long> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        io.tunescope.Progress watch = (label, total, unit) -> {
            stackChildren().forEach(p -> seen.add(p.pid()));
            return io.tunescope.Progress.Task.NONE;
        };
        ShopSummary s = ShopRun.run(config(dir, Duration.ofSeconds(3), true), watch);
        assertThat(seen).as("the stack's processes, seen while it ran").isNotEmpty();
        assertThat(s.wips()).isPositive();
        assertThat(s.errors()).isZero();
        assertThat(s.degraded()).isFalse();
        assertThat(s.metric()).isEqualTo("WIPSo");
        assertThat(s.interactions()).hasSize(14).first().satisfies(i -> {
            assertThat(i.name()).isEqualTo("Home");
            assertThat(i.specPercent()).isEqualTo(9.12);
            assertThat(i.limitMillis()).isEqualTo(3000);
        });
        assertThat(s.interactions().stream().filter(i -> i.name().equals("Buy Confirm")).findFirst().orElseThrow()
                .count()).isPositive();
        assertThat(s.tiers()).extracting(ShopSummary.Tier::tier).containsExactly("app", "db");
        assertThat(s.population().customers()).isEqualTo(230);
        assertThat(s.monitor()).as("--monitor: every process and the driver").extracting(ShopSummary.TierThreads::tier)
                .containsExactlyInAnyOrder("driver", "app", "db");
        assertThat(s.monitor()).allSatisfy(t -> assertThat(t.threads()).isPositive());
        assertThat(s.monitor().stream().filter(t -> t.tier().equals("app")).findFirst().orElseThrow().cpuMillis())
                .isPositive();
        var json = Json.MAPPER.readTree(ResultsDir.of(dir).summary().toFile());
        for (String field : List.of("mix", "browsers", "measureSeconds", "wips", "errors", "degraded",
                "interactions", "tiers")) {
            assertThat(json.has(field)).as(field).isTrue();
        }
        assertThat(json.get("interactions").get(0).fieldNames()).toIterable().contains("name", "count",
                "sharePercent", "specPercent", "p90Millis", "limitMillis");
        assertThat(json.get("tiers").get(0).fieldNames()).toIterable().contains("tier", "node", "pid", "cpuMillis");
        assertThat(json.has("phases")).as("one mix throughout: no phases, as before --mix-change").isFalse();
        assertThat(stackChildren()).isEmpty();
    }

    /** A progress that completes {@code driving} when the emulated browsers start (the stack then serves). */
    static io.tunescope.Progress drivingStarts(CompletableFuture<Void> driving) {
        return (label, total, unit) -> {
            if (label.startsWith("emulated browsers")) {
                driving.complete(null);
            }
            return io.tunescope.Progress.Task.NONE;
        };
    }

    @Test
    void aNodeKilledMidRunMarksTheRunDegradedAndTheRunCompletes(@TempDir Path dir) throws Exception {
        CompletableFuture<Void> driving = new CompletableFuture<>();
        CompletableFuture<ShopSummary> run = CompletableFuture.supplyAsync(() -> {
            try {
                return ShopRun.run(config(dir, Duration.ofSeconds(4)), drivingStarts(driving));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        // the node is killed once it serves: 2.5 s after the browsers started (a slow start is not a kill)
        driving.get(120, TimeUnit.SECONDS);
        ProcessHandle node = ProcessHandle.current().children().filter(p -> p.info().commandLine().orElse("")
                .contains("-Dtunescope.role=shop-app")).findFirst().orElse(null);
        assertThat(node).as("the application node started").isNotNull();
        Thread.sleep(1_500);
        node.destroyForcibly();
        ShopSummary s = run.get(120, TimeUnit.SECONDS);
        assertThat(s.degraded()).isTrue();
        assertThat(s.errors()).isPositive();
        assertThat(s.errorsByKind()).containsKey("ConnectException");
        assertThat(stackChildren()).isEmpty();
    }
}
