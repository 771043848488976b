package io.tunescope.shop.stack;

import io.tunescope.Externals;
import io.tunescope.Progress;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.ProxyKnobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nodes moved between the browse and order tiers of a running stack (nginx, three application nodes, H2) while a
 * client keeps requesting a browse page and an order page: no request fails across a move, the moved node serves
 * its new tier's paths, and a node killed during a move is excluded and reported.
 */
class RoutedShopTest {
    private static final String BROWSE_PATH = "home?i_id=1&c_id=1";
    private static final String ORDER_PATH = "order-inquiry?c_id=1";

    /** Requests in a loop; per path, the ports that answered since the last {@link #reset()}. */
    private static final class Client implements AutoCloseable {
        final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        final Map<String, Set<String>> servedBy = new ConcurrentHashMap<>();
        final List<String> failures = new CopyOnWriteArrayList<>();
        final AtomicBoolean running = new AtomicBoolean(true);
        final Thread thread;
        final java.util.concurrent.atomic.AtomicLong answers = new java.util.concurrent.atomic.AtomicLong();

        Client(String baseUrl) {
            thread = new Thread(() -> {
                while (running.get()) {
                    for (String path : List.of(BROWSE_PATH, ORDER_PATH)) {
                        request(baseUrl, path);
                    }
                }
            }, "routed-shop-client");
            thread.start();
        }

        void request(String baseUrl, String path) {
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(baseUrl + path))
                        .timeout(Duration.ofSeconds(20)).GET().build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    failures.add(path + ": http " + r.statusCode());
                } else {
                    String addr = r.headers().firstValue("X-Upstream-Addr").orElse("?");
                    servedBy.computeIfAbsent(path, p -> ConcurrentHashMap.newKeySet())
                            .add(addr.substring(addr.lastIndexOf(':') + 1));
                    answers.incrementAndGet();
                }
            } catch (java.io.IOException e) {
                failures.add(path + ": " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running.set(false);
            }
        }

        void reset() {
            servedBy.clear();
        }

        void awaitAnswers(long more) throws InterruptedException {
            long target = answers.get() + more;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (answers.get() < target && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        }

        @Override
        public void close() {
            running.set(false);
            try {
                thread.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void aMovedNodeServesItsNewTierAndAKilledOneIsExcluded(@TempDir Path dir) throws Exception {
        AppKnobs browseKnobs = new AppKnobs(4, 16, 64, 4, 100, 5_000, 0);
        AppKnobs orderKnobs = new AppKnobs(4, 16, 64, 8, 0, 5_000, 0);
        ShopTiers tiers = new ShopTiers("nginx", 0, new ProxyKnobs(0, 64, 1, 256, 10), Externals.nginx(), 3);
        ShopStackConfig config = new ShopStackConfig(dir, "h2", null, new ShopScale(1_000, 4, 100), 3, browseKnobs,
                tiers);
        try (RoutedShop shop = RoutedShop.start(config, 2, Map.of(RoutedShop.BROWSE, browseKnobs, RoutedShop.ORDER,
                orderKnobs), Progress.NONE); Client client = new Client(shop.baseUrl())) {
            assertThat(shop.tiers()).containsExactlyInAnyOrderEntriesOf(Map.of("app1", "browse", "app2", "browse",
                    "app3", "order"));
            client.awaitAnswers(20);
            assertThat(client.servedBy.get(ORDER_PATH)).containsExactly(Integer.toString(shop.port("app3")));
            assertThat(client.servedBy.get(BROWSE_PATH)).doesNotContain(Integer.toString(shop.port("app3")));

            RoutedShop.MoveOutcome moved = shop.move("app2", RoutedShop.ORDER);
            assertThat(moved.ok()).as("%s", moved).isTrue();
            assertThat(moved.restarted()).as("the tiers' knobs differ").isTrue();
            client.reset();
            client.awaitAnswers(40);
            String app2 = Integer.toString(shop.port("app2"));
            assertThat(client.servedBy.get(ORDER_PATH)).contains(app2);
            assertThat(client.servedBy.get(BROWSE_PATH)).containsExactly(Integer.toString(shop.port("app1")));

            shop.atDrained(shop::kill);
            RoutedShop.MoveOutcome killed = shop.move("app3", RoutedShop.BROWSE);
            assertThat(killed.ok()).isFalse();
            assertThat(shop.failedNodes()).containsOnlyKeys("app3");
            assertThat(shop.tiers()).containsExactlyInAnyOrderEntriesOf(Map.of("app1", "browse", "app2", "order"));
            client.reset();
            client.awaitAnswers(20);
            assertThat(client.servedBy.get(ORDER_PATH)).containsExactly(app2);
            assertThat(client.failures).as("requests failed across the moves").isEmpty();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && !stackProcesses().isEmpty()) {
            Thread.sleep(50);
        }
        assertThat(stackProcesses()).as("no process of the stack left").isEmpty();
    }

    private static List<ProcessHandle> stackProcesses() {
        return ProcessHandle.current().descendants().filter(p -> {
            String c = p.info().commandLine().orElse("");
            return c.contains("-Dtunescope.role=shop-") || c.contains("nginx");
        }).toList();
    }
}
