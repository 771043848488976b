package io.tunescope.tune.reconfigure;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.Progress;
import io.tunescope.shop.Mix;
import io.tunescope.shop.MixChange;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.stack.ShopStackConfig;
import io.tunescope.shop.stack.ShopTiers;
import io.tunescope.store.Json;
import io.tunescope.store.ReconfigureSummary;
import io.tunescope.store.ResultsDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** A short {@code shop reconfigure} on the real stack (nginx, three nodes, H2): browsing, then ordering. */
class ShopReconfigurationTest {
    @Test
    void movesANodeToTheBrowseTierAndWritesTheRecord(@TempDir Path dir) throws Exception {
        ShopTiers tiers = new ShopTiers("nginx", 0, new ProxyKnobs(0, 64, 1, 256, 10), Externals.nginx(), 3);
        ShopStackConfig stack = new ShopStackConfig(dir, "h2", null, new ShopScale(1_000, 20, 100), 7,
                AppKnobs.DEFAULTS, tiers);
        ShopReconfigureConfig config = new ShopReconfigureConfig(stack, 1, 0, Mix.BROWSING,
                new MixChange(Mix.ORDERING, Duration.ofSeconds(4)), 20, Duration.ofMillis(500), Duration.ofSeconds(7),
                new ThinkTime(0.02), Duration.ofSeconds(1), Duration.ofMillis(300), 0.02, 7);
        ReconfigureSummary s = ShopReconfiguration.run(config, Progress.NONE);
        assertThat(s.error()).isNull();
        assertThat(s.errors()).as("%s", s.errorsByKind()).isZero();
        assertThat(s.phases()).extracting(p -> p.mix()).containsExactly("browsing", "ordering");
        // one browse node against two order nodes under the browsing mix: the browse tier is the hot one
        assertThat(s.reconfiguration().windows().get(0).utilization().get("browse"))
                .isGreaterThan(s.reconfiguration().windows().get(0).utilization().get("order"));
        assertThat(s.reconfiguration().moves()).isNotEmpty();
        assertThat(s.reconfiguration().moves().get(0).to()).isEqualTo("browse");
        JsonNode written = Json.MAPPER.readTree(ResultsDir.of(dir).reconfiguration().toFile());
        assertThat(written.get("before").get("wips").asDouble()).isPositive();
        assertThat(written.get("moves").get(0).get("node").asText()).startsWith("app");
        assertThat(written.get("moves").get(0).get("from").asText()).isEqualTo("order");
        assertThat(written.has("after")).isTrue();
        assertThat(Json.MAPPER.readTree(ResultsDir.of(dir).summary().toFile()).get("reconfiguration").get("moves"))
                .isNotEmpty();
    }
}
