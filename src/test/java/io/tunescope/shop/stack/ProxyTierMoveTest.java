package io.tunescope.shop.stack;

import io.tunescope.Externals;
import io.tunescope.Progress;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.store.ResultsDir;
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
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node that changes tiers and roles on a running stack (nginx in front, a proxy tier of two Squid nodes, a browse
 * and an order node, H2) while a client keeps requesting an order page: {@code proxy2} leaves the proxy tier and
 * serves the order tier as an application node, then goes back to being a proxy; the requests keep being served
 * (at most one in a hundred fails), each answer
 * names the proxy node and the application node that served it, and nothing of the stack outlives it.
 */
class ProxyTierMoveTest {
    private static final String ORDER_PATH = "order-inquiry?c_id=1";

    /** Requests the order page in a loop; the proxy and application ports that answered since the last reset. */
    private static final class Client implements AutoCloseable {
        final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        final Set<String> proxies = ConcurrentHashMap.newKeySet();
        final Set<String> apps = ConcurrentHashMap.newKeySet();
        final List<String> failures = new CopyOnWriteArrayList<>();
        final AtomicBoolean running = new AtomicBoolean(true);
        final AtomicLong answers = new AtomicLong();
        final Thread thread;

        Client(String baseUrl) {
            thread = new Thread(() -> {
                while (running.get()) {
                    request(baseUrl);
                }
            }, "proxy-tier-client");
            thread.start();
        }

        void request(String baseUrl) {
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(baseUrl + ORDER_PATH))
                        .timeout(Duration.ofSeconds(20)).GET().build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    failures.add("http " + r.statusCode());
                    return;
                }
                proxies.add(port(r.headers().firstValue("X-Proxy-Addr").orElse("?")));
                apps.add(port(r.headers().firstValue("X-Upstream-Addr").orElse("?")));
                answers.incrementAndGet();
            } catch (java.io.IOException e) {
                failures.add(e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running.set(false);
            }
        }

        static String port(String addr) {
            return addr.substring(addr.lastIndexOf(':') + 1);
        }

        void resetAndAwait(long more) throws InterruptedException {
            proxies.clear();
            apps.clear();
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

    /**
     * The start returns only once the whole chain serves: the first request of each tier's pages through the front,
     * sent right after the start with no retry, is answered 200 (before the readiness check, Squid answered the first
     * ones ERR_READ_ERROR and nginx then 502 while it held every proxy node down).
     */
    @Test
    void theFirstRequestsRightAfterTheStartAreServed(@TempDir Path dir) throws Exception {
        ShopTiers tiers = new ShopTiers("nginx", 0, new ProxyKnobs(16, 64, 1, 256, 10), Externals.nginx(), 3);
        ShopStackConfig config = new ShopStackConfig(dir, "h2", null, new ShopScale(1_000, 4, 100), 3,
                AppKnobs.DEFAULTS, tiers);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try (RoutedShop shop = RoutedShop.start(config, 1, 1, Map.of(RoutedShop.BROWSE, AppKnobs.DEFAULTS,
                RoutedShop.ORDER, AppKnobs.DEFAULTS), Progress.NONE)) {
            for (String path : List.of("home?i_id=1&c_id=1", ORDER_PATH)) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(shop.baseUrl() + path))
                        .timeout(Duration.ofSeconds(20)).GET().build(), HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as("%s: %s", path, r.headers().map()).isEqualTo(200);
                assertThat(r.headers().firstValue("X-Proxy-Addr")).as("served through the proxy tier")
                        .hasValue("127.0.0.1:" + shop.port("proxy1"));
            }
        }
    }

    @Test
    void aProxyNodeServesAsAnApplicationNodeAndBackWithoutAFailedRequest(@TempDir Path dir) throws Exception {
        ShopTiers tiers = new ShopTiers("nginx", 0, new ProxyKnobs(16, 64, 1, 256, 10), Externals.nginx(), 4);
        ShopStackConfig config = new ShopStackConfig(dir, "h2", null, new ShopScale(1_000, 4, 100), 3,
                AppKnobs.DEFAULTS, tiers);
        try (RoutedShop shop = RoutedShop.start(config, 2, 1, Map.of(RoutedShop.BROWSE, AppKnobs.DEFAULTS,
                RoutedShop.ORDER, AppKnobs.DEFAULTS), Progress.NONE); Client client = new Client(shop.baseUrl())) {
            assertThat(shop.tiers()).containsExactlyInAnyOrderEntriesOf(Map.of("proxy1", "proxy", "proxy2", "proxy",
                    "app1", "browse", "app2", "order"));
            client.resetAndAwait(20);
            assertThat(client.apps).containsExactly(Integer.toString(shop.port("app2")));

            RoutedShop.MoveOutcome toApp = shop.move("proxy2", RoutedShop.ORDER);
            assertThat(toApp.ok()).as("%s", toApp).isTrue();
            assertThat(toApp.roleChanged()).isTrue();
            client.resetAndAwait(40);
            assertThat(client.proxies).containsExactly(Integer.toString(shop.port("proxy1")));
            assertThat(client.apps).as("proxy2 serves order pages as an application node")
                    .contains(Integer.toString(shop.port("proxy2")));
            assertThat(ResultsDir.of(dir).tierLog("proxy2")).exists();

            RoutedShop.MoveOutcome back = shop.move("proxy2", RoutedShop.PROXY);
            assertThat(back.ok()).as("%s", back).isTrue();
            assertThat(back.roleChanged()).isTrue();
            client.resetAndAwait(40);
            assertThat(client.proxies).contains(Integer.toString(shop.port("proxy2")));
            assertThat(client.apps).containsExactly(Integer.toString(shop.port("app2")));
            // Squid may answer one request 502 when the router's old worker closes its kept-alive connection
            // (docs/shop.md); every other request is served, from the start and across both moves
            assertThat(client.failures).as("requests failed (of %d)", client.answers.get())
                    .hasSizeLessThanOrEqualTo(Math.max(1, (int) (client.answers.get() / 100)));
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
            return c.contains("-Dtunescope.role=shop-") || c.contains("nginx") || c.contains("squid");
        }).toList();
    }
}
