package io.tunescope.shop.stack;

import io.tunescope.Externals;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.SquidKnobs;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code shop run --proxy squid} on H2 with Squid's own knobs: the browsers fetch the images the pages reference,
 * counted apart from the interactions; Squid's hit ratios by requests and bytes are in the summary; Squid ran with
 * the knobs given, and nothing of the stack is left running.
 */
class SquidShopRunTest {
    private static List<ProcessHandle> stack() {
        return ProcessHandle.current().descendants().filter(p -> {
            String c = p.info().commandLine().orElse("");
            return c.contains("-Dtunescope.role=shop-") || c.contains("squid");
        }).toList();
    }

    @Test
    void squidInFrontServesPagesAndImagesAndSaysWhatItsCacheAnswered(@TempDir Path dir) throws Exception {
        SquidKnobs squid = new SquidKnobs(16, 256, 1024, 1, 0, 85, 95);
        ShopTiers tiers = new ShopTiers("squid", 0, ProxyKnobs.DEFAULTS.withSquid(squid), Externals.squid(), 1);
        ShopRunConfig config = new ShopRunConfig(Mix.BROWSING, 8, Duration.ofMillis(500), Duration.ofSeconds(3),
                Duration.ofMillis(300), new ThinkTime(0.01), new ShopScale(1_000, 8, 100), "h2", null,
                AppKnobs.DEFAULTS, 4, dir, 0, false, tiers);
        ShopSummary s = ShopRun.run(config, io.tunescope.Progress.NONE);
        assertThat(s.errors()).as("errors: %s", s.errorsByKind()).isZero();
        assertThat(s.wips()).isPositive();
        assertThat(s.proxy()).isEqualTo("squid");
        assertThat(s.images().requests()).as("images fetched").isPositive();
        assertThat(s.images().errors()).isZero();
        assertThat(s.images().kbytes()).as("at least ~5 KB each").isGreaterThanOrEqualTo(4 * s.images().requests());
        assertThat(s.images().p90Millis()).isPositive();
        long interactions = s.interactions().stream().mapToLong(ShopSummary.Interaction::count).sum();
        assertThat(s.wips()).as("WIPS counts interactions, not images")
                .isCloseTo(interactions / s.measureSeconds(), org.assertj.core.data.Offset.offset(0.01));
        assertThat(s.proxies()).singleElement().satisfies(p -> {
            assertThat(p.node()).isEqualTo("proxy");
            assertThat(p.proxy()).isEqualTo("squid");
            assertThat(p.requests()).as("pages and images").isGreaterThan(s.images().requests());
            // whether anything comes again within 3 s depends on how loaded the machine is: TrafficTest counts hits
            assertThat(p.requestHitPercent()).isBetween(0.0, 100.0);
            assertThat(p.byteHitPercent()).isBetween(0.0, 100.0);
            assertThat(p.kbytes()).isGreaterThanOrEqualTo(s.images().kbytes());
        });
        assertThat(s.tiers()).extracting(ShopSummary.Tier::tier).contains("proxy", "app", "db");
        var json = Json.MAPPER.readTree(ResultsDir.of(dir).summary().toFile());
        assertThat(json.get("proxies").get(0).has("byteHitPercent")).isTrue();
        assertThat(json.get("images").has("p90Millis")).isTrue();
        assertThat(Files.readString(ResultsDir.of(dir).shopProxyDir("proxy").resolve("squid.conf")))
                .contains("cache_mem 16 MB", "minimum_object_size 1 KB", "cache_swap_low 85");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && !stack().isEmpty()) {
            Thread.sleep(50);
        }
        assertThat(stack()).as("no process of the stack left").isEmpty();
    }
}
