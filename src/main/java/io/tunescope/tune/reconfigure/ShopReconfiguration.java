package io.tunescope.tune.reconfigure;

import io.tunescope.store.ResultsDatabase;
import io.tunescope.Progress;
import io.tunescope.shop.app.AppKnob;
import io.tunescope.shop.browser.BrowserResult;
import io.tunescope.shop.browser.BrowserRunConfig;
import io.tunescope.shop.browser.CompletionCounter;
import io.tunescope.shop.browser.EmulatedBrowsers;
import io.tunescope.shop.stack.RoutedShop;
import io.tunescope.store.Json;
import io.tunescope.store.ReconfigurationRecord;
import io.tunescope.store.ReconfigureSummary;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopSummary;

import java.io.IOException;
import java.net.URI;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code shop reconfigure}: starts the stack with its application nodes in the browse and order tiers, drives it
 * with the emulated browsers (whose mix may change during the run), runs {@link OnlineReconfiguration} on it over
 * the measurement interval, and writes reconfiguration.json (after every window) and summary.json (also when the
 * loop or the browsers failed: with what was measured and the error). Every process is stopped at the end.
 */
public final class ShopReconfiguration {
    private ShopReconfiguration() {
    }

    public static ReconfigureSummary run(ShopReconfigureConfig c, Progress progress) throws IOException,
            SQLException, InterruptedException {
        ResultsDir dir = ResultsDir.of(c.stack().out());
        try (RoutedShop shop = RoutedShop.start(c.stack(), c.proxyNodes(), c.browseNodes(), c.roleKnobs(),
                progress)) {
            long seconds = c.rampUp().plus(c.duration()).toSeconds() + 1;
            CompletionCounter counter = new CompletionCounter(System.nanoTime(),
                    (int) Math.min(1_000_000, seconds * 10 + 100));
            BrowserRunConfig load = new BrowserRunConfig(URI.create(shop.baseUrl()), c.mix(), c.browsers(),
                    c.rampUp(), c.duration(), Duration.ZERO, c.think(), c.stack().scale(), c.seed(), 0,
                    c.mixChange());
            ExecutorService driver = Executors.newSingleThreadExecutor();
            ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor();
            AtomicReference<ReconfigurationRecord> last = new AtomicReference<>();
            String error = null;
            BrowserResult result = null;
            try (Progress.Task task = progress.start("reconfiguration", seconds, "s")) {
                ticks.scheduleAtFixedRate(() -> task.step(1), 1, 1, TimeUnit.SECONDS);
                Future<BrowserResult> browsers = driver.submit(() -> new EmulatedBrowsers(load, counter).run());
                Thread.sleep(c.rampUp().toMillis());
                try {
                    new OnlineReconfiguration(new ShopCluster(shop, counter), c.settings(), r -> {
                        last.set(r);
                        Json.writeAtomically(dir.reconfiguration(), r);
                    }).run(s -> { });
                } catch (RuntimeException e) {
                    error = "reconfiguration: " + e.getMessage();
                }
                try {
                    result = browsers.get();
                } catch (ExecutionException e) {
                    error = (error == null ? "" : error + "; ") + "browsers: " + e.getCause();
                }
            } finally {
                ticks.shutdownNow();
                driver.shutdownNow();
            }
            ReconfigureSummary summary = summary(c, result, last.get(), error);
            ResultsDatabase.writeWithSummary(dir.summary(), summary, java.util.List.of());
            return summary;
        }
    }

    private static ReconfigureSummary summary(ShopReconfigureConfig c, BrowserResult r,
                                              ReconfigurationRecord record, String error) {
        List<ShopSummary.Phase> phases = r == null || r.phases().isEmpty() ? null : r.phases().stream()
                .map(p -> new ShopSummary.Phase(p.mix(), round(p.startSeconds()), round(p.seconds()), p.completed(),
                        round(p.wips()), round(p.orderSharePercent()))).toList();
        Map<String, Integer> cache = Map.of(RoutedShop.BROWSE, c.browseCacheEntries(), RoutedShop.ORDER,
                c.stack().app().get(AppKnob.CACHE_ENTRIES));
        boolean restart = !c.roleKnobs().get(RoutedShop.BROWSE).equals(c.roleKnobs().get(RoutedShop.ORDER));
        return new ReconfigureSummary(c.mix().label(), c.mixChange() == null ? null : c.mixChange().label(),
                c.browsers(), c.think().scale(), c.stack().database(), c.stack().tiers().appNodes(), c.proxyNodes(),
                c.browseNodes(), restart, cache, r == null ? 0 : round(r.measureSeconds()), r == null ? 0 : round(r.wips()),
                r == null ? 0 : r.errors(), r == null ? Map.of() : r.errorsByKind(), phases, record, c.seed(),
                error);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
