package io.tunescope.tune.shop;

import io.tunescope.store.VerdictExplanation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shop's verdict explained from re-validation runs' summaries written as {@code shop run} writes them (the fields
 * the explanation reads; 10 s measured each): medians per configuration, the tiers' CPU per interaction, the proxy's
 * hit ratio, and which cause the findings name.
 */
class ShopExplainerTest {
    /**
     * A run's summary.json: WIPS, the app tier's CPU in ms over 10 s (the proxy's and the database's: 1 and 2 ms per
     * interaction), the proxy's hit ratio, Home's p90.
     */
    private static void run(Path logs, String name, double wips, double appCpuMillis, double hitPercent,
                            double homeP90, boolean complete) throws Exception {
        Path dir = Files.createDirectories(logs.resolve(name + "-runs"));
        Files.writeString(dir.resolve("summary.json"), String.format(Locale.ROOT, """
                {"type": "summary", "mix": "browsing", "measureSeconds": 10.0, "wips": %s, "errors": 0,
                 "complete": %s,
                 "interactions": [{"name": "Home", "count": 100, "p90Millis": %s},
                                  {"name": "Buy Confirm", "count": 0, "p90Millis": 0.0}],
                 "tiers": [{"tier": "proxy", "node": "proxy", "pid": 1, "cpuMillis": %s},
                           {"tier": "app", "node": "app1", "pid": 2, "cpuMillis": %s},
                           {"tier": "db", "node": "h2", "pid": 3, "cpuMillis": %s}],
                 "monitor": null,
                 "proxies": [{"node": "proxy", "proxy": "squid", "requests": 900, "requestHitPercent": %s,
                              "kbytes": 100, "byteHitPercent": 50.0}]}
                """, wips, complete, homeP90, wips * 10, appCpuMillis, wips * 20, hitPercent));
    }

    @Test
    void lessWorkPerInteractionInOneTierIsNamedAsTheCause(@TempDir Path logs) throws Exception {
        // default: 50 WIPS, app 4 s of CPU in 10 s = 8 ms per interaction; best: 60 WIPS, 3.6 s = 6 ms
        run(logs, "default-1", 50, 4_000, 20, 100, true);
        run(logs, "default-2", 52, 4_160, 20, 120, true);
        run(logs, "default-3", 10, 9_000, 20, 900, false);
        run(logs, "best-1", 60, 3_600, 20, 80, true);
        run(logs, "best-2", 58, 3_480, 20, 90, true);
        VerdictExplanation e = ShopExplainer.explain(logs).orElseThrow();
        assertThat(e.defaultRuns()).as("the incomplete run is left out").isEqualTo(2);
        assertThat(e.bestRuns()).isEqualTo(2);
        assertThat(e.queries()).singleElement().satisfies(q -> {
            assertThat(q.query()).isEqualTo("Home");
            assertThat(q.responseMillis().defaultValue()).isEqualTo(110.0);
            assertThat(q.responseMillis().bestValue()).isEqualTo(85.0);
        });
        VerdictExplanation.RoleDifference app = e.roles().stream().filter(r -> r.role().equals("app")).findFirst()
                .orElseThrow();
        assertThat(app.cpuCores().defaultValue()).isEqualTo(0.408);
        assertThat(app.cpuCores().bestValue()).isEqualTo(0.354);
        assertThat(app.threads().defaultValue()).as("unmonitored runs have no thread counts").isNull();
        assertThat(e.findings()).contains("WIPS 51.00 → 59.00 (+15.7 %).");
        assertThat(e.findings()).anyMatch(f -> f.equals("app tier: CPU per interaction 8.00 → 6.00 ms (-25.0 %); CPU 0.41 → "
                + "0.35 cores (-13.2 %)."));
        assertThat(e.findings()).anyMatch(f -> f.startsWith("The app tier does less work per interaction"));
        assertThat(e.findings()).contains("No interaction failed in either configuration's runs.");
    }

    @Test
    void theSameWorkPerInteractionPointsAtWaitingAndAHigherHitRatioAtTheCache(@TempDir Path logs)
            throws Exception {
        // 50 -> 60 WIPS with the app tier's CPU rising in proportion: 8 ms per interaction both times
        run(logs, "default-1", 50, 4_000, 20, 100, true);
        run(logs, "best-1", 60, 4_800, 20, 100, true);
        assertThat(ShopExplainer.explain(logs).orElseThrow().findings())
                .anyMatch(f -> f.startsWith("No tier's CPU per interaction changed by 5 % or more"));
        run(logs, "default-2", 50, 4_000, 20, 100, true);
        run(logs, "best-2", 60, 4_800, 60, 100, true);
        run(logs, "best-3", 60, 4_800, 60, 100, true);
        VerdictExplanation e = ShopExplainer.explain(logs).orElseThrow();
        assertThat(e.findings()).contains("The proxy's cache answered 20.0 % → 60.0 % of the requests and 50.0 % → "
                + "50.0 % of the bytes.");
        assertThat(e.findings()).anyMatch(f -> f.startsWith("The proxy's cache answers more of the requests"));
    }

    @Test
    void nothingToExplainWithoutRunsOfBothConfigurations(@TempDir Path logs) throws Exception {
        run(logs, "default-1", 50, 4_000, 20, 100, true);
        assertThat(ShopExplainer.explain(logs)).isEmpty();
        assertThat(ShopExplainer.explain(logs.resolve("missing"))).isEmpty();
    }
}
