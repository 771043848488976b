package io.tunescope.shop.browser;

import com.sun.net.httpserver.HttpServer;
import io.tunescope.shop.Interaction;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The browsers against a stub store that answers at once: shares, state, threads, intended-start latency. */
class EmulatedBrowsersTest {
    private HttpServer stub;
    private final Map<String, AtomicInteger> paths = new ConcurrentHashMap<>();
    private final AtomicInteger cartsWithoutKey = new AtomicInteger();

    @BeforeEach
    void startStub() throws Exception {
        stub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 200);
        stub.setExecutor(Executors.newFixedThreadPool(2));
        stub.createContext("/shop/", exchange -> {
            String path = exchange.getRequestURI().getPath().substring("/shop/".length());
            paths.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
            String query = String.valueOf(exchange.getRequestURI().getQuery());
            if (path.equals("shopping-cart") && !query.contains("sc_id=")) {
                cartsWithoutKey.incrementAndGet();
            }
            exchange.getResponseHeaders().add("X-Shop-sc_id", "17");
            byte[] body = "<html></html>".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        stub.start();
    }

    @AfterEach
    void stopStub() {
        stub.stop(0);
    }

    private BrowserRunConfig config(Mix mix, int browsers, Duration measure, double thinkScale) {
        return new BrowserRunConfig(URI.create("http://127.0.0.1:" + stub.getAddress().getPort() + "/shop/"), mix,
                browsers, Duration.ofMillis(300), measure, Duration.ofMillis(200), new ThinkTime(thinkScale),
                new ShopScale(1_000, browsers, 1), 9, 0);
    }

    @Test
    void manyBrowsersShareAFewThreadsAndFollowTheMix() throws Exception {
        int before = Thread.activeCount();
        BrowserResult result = new EmulatedBrowsers(config(Mix.SHOPPING, 400, Duration.ofSeconds(3), 0.002)).run();
        assertThat(result.errors()).isZero();
        assertThat(result.wips()).isGreaterThan(100);
        assertThat(Thread.activeCount() - before).as("threads added for 400 browsers").isLessThan(20);
        for (Interaction i : Interaction.values()) {
            assertThat(result.perInteraction().get(i).sharePercent()).as("%s", i)
                    .isCloseTo(Mix.SHOPPING.specPercent(i), org.assertj.core.api.Assertions.within(2.0));
        }
        assertThat(cartsWithoutKey.get()).as("browsers keep the cart key the store sent")
                .isLessThanOrEqualTo(400);
    }

    @Test
    void latencyCountsFromTheIntendedStartWhenTheDriverIsLate() throws Exception {
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
        // the clock is busy for 700 ms just as the browsers should start: their first requests go out late
        clock.submit(() -> {
            try {
                Thread.sleep(700);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        BrowserRunConfig c = new BrowserRunConfig(config(Mix.BROWSING, 20, Duration.ofMillis(600), 10).baseUrl(),
                Mix.BROWSING, 20, Duration.ZERO, Duration.ofMillis(900), Duration.ZERO, new ThinkTime(10),
                new ShopScale(1_000, 20, 1), 9, 0);
        BrowserResult result = new EmulatedBrowsers(c, clock).run();
        double worst = result.perInteraction().values().stream().mapToDouble(BrowserResult.Measured::maxMillis)
                .max().orElse(0);
        assertThat(result.completed()).isEqualTo(20);
        assertThat(worst).as("the stub answers in a few ms, but the requests were due 700 ms earlier")
                .isGreaterThan(600);
    }

    @Test
    void openLoadStartsSessionsAtThePoissonRate() throws Exception {
        BrowserRunConfig closed = config(Mix.ORDERING, 10, Duration.ofSeconds(3), 0.01);
        BrowserRunConfig open = new BrowserRunConfig(closed.baseUrl(), Mix.ORDERING, 10, Duration.ofMillis(300),
                Duration.ofSeconds(3), Duration.ofMillis(200), new ThinkTime(0.01), closed.scale(), 9, 50);
        BrowserResult result = new EmulatedBrowsers(open).run();
        // 50 sessions a second over 3.5 s: 175 expected, the Poisson standard deviation is 13
        assertThat(result.sessions()).isBetween(120L, 230L);
        assertThat(result.errors()).isZero();
        assertThat(result.wips()).isPositive();
        assertThat(result.perInteraction().get(Interaction.BUY_CONFIRM).count()).isPositive();
    }
}
