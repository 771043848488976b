package io.tunescope.shop.browser;

import com.sun.net.httpserver.HttpServer;
import io.tunescope.BadInputException;
import io.tunescope.shop.Interaction;
import io.tunescope.shop.Mix;
import io.tunescope.shop.MixChange;
import io.tunescope.shop.ShopScale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A run whose mix changes half-way (browsing to ordering) against a stub store that answers at once. */
class MixChangeRunTest {
    private HttpServer stub;

    @BeforeEach
    void startStub() throws Exception {
        stub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 200);
        stub.setExecutor(Executors.newFixedThreadPool(2));
        stub.createContext("/shop/", exchange -> {
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

    private BrowserRunConfig config(MixChange change) {
        return new BrowserRunConfig(URI.create("http://127.0.0.1:" + stub.getAddress().getPort() + "/shop/"),
                Mix.BROWSING, 200, Duration.ofMillis(300), Duration.ofSeconds(6), Duration.ofMillis(100),
                new ThinkTime(0.002), new ShopScale(1_000, 200, 1), 5, 0, change);
    }

    @Test
    void theShareOfOrderInteractionsRisesAfterTheChange() throws Exception {
        long origin = System.nanoTime();
        CompletionCounter counter = new CompletionCounter(origin, 100);
        BrowserResult r = new EmulatedBrowsers(config(new MixChange(Mix.ORDERING, Duration.ofMillis(1500))),
                counter).run();
        assertThat(r.errors()).isZero();
        assertThat(r.phases()).hasSize(2);
        BrowserResult.Phase before = r.phases().get(0);
        BrowserResult.Phase after = r.phases().get(1);
        assertThat(before.mix()).isEqualTo("browsing");
        assertThat(after.mix()).isEqualTo("ordering");
        assertThat(before.seconds()).isCloseTo(1.5, org.assertj.core.api.Assertions.within(0.01));
        assertThat(after.startSeconds()).isCloseTo(1.5, org.assertj.core.api.Assertions.within(0.01));
        assertThat(before.completed() + after.completed()).isEqualTo(r.completed());
        // browsing: 4.95 % order interactions; ordering: 49.9 % (the chain needs a few steps to get there, so the
        // phase after the change lasts 4.5 s: with 1.5 s, a slower machine averaged 18-33 % over it)
        assertThat(before.orderSharePercent()).isLessThan(10);
        assertThat(after.orderSharePercent()).isGreaterThan(35);
        assertThat(before.wips()).isGreaterThan(50);
        // the live counter saw every success, and no more
        long all = counter.count(origin, System.nanoTime() + CompletionCounter.BUCKET_NANOS);
        assertThat(all).isEqualTo(r.completedInAllPhases());
    }

    @Test
    void oneMixThroughoutHasNoPhases() throws Exception {
        BrowserResult r = new EmulatedBrowsers(config(null)).run();
        assertThat(r.phases()).isEmpty();
        assertThat(r.perInteraction().get(Interaction.BUY_CONFIRM).sharePercent()).isLessThan(5);
    }

    @Test
    void badChangesAreBadInput() {
        assertThat(MixChange.parse("ordering@60s")).isEqualTo(new MixChange(Mix.ORDERING, Duration.ofSeconds(60)));
        for (String bad : new String[] {"ordering", "@60s", "ordering@", "buying@60s", "ordering@soon",
                "ordering@0s", "ordering@-5s"}) {
            assertThatThrownBy(() -> MixChange.parse(bad)).as(bad).isInstanceOf(BadInputException.class)
                    .hasMessageContaining("mix-change");
        }
        assertThatThrownBy(() -> config(new MixChange(Mix.ORDERING, Duration.ofSeconds(6))))
                .isInstanceOf(BadInputException.class).hasMessageContaining("inside the measurement interval");
        assertThatThrownBy(() -> config(new MixChange(Mix.BROWSING, Duration.ofSeconds(1))))
                .isInstanceOf(BadInputException.class).hasMessageContaining("another mix");
    }

    @Test
    void theCounterForgetsWhatFallsOutOfItsRing() {
        CompletionCounter c = new CompletionCounter(0, 10);
        long bucket = CompletionCounter.BUCKET_NANOS;
        c.completed(Interaction.HOME, 0);
        c.completed(Interaction.BUY_CONFIRM, bucket / 2);
        c.completed(Interaction.HOME, 3 * bucket);
        assertThat(c.count(0, 4 * bucket)).isEqualTo(3);
        assertThat(c.orders(0, 4 * bucket)).isEqualTo(1);
        assertThat(c.ratePerSecond(0, 4 * bucket)).isCloseTo(7.5, org.assertj.core.api.Assertions.within(1e-9));
        c.completed(Interaction.HOME, 12 * bucket);
        // buckets 0 to 2 are gone from a ring of 10; 3 and 12 remain
        assertThat(c.count(0, 13 * bucket)).isEqualTo(2);
    }
}
