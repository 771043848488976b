package io.tunescope.shop.stack;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The readiness poll against a small HTTP server that fails its first answers, or every one. */
class ChainReadinessTest {
    /** A loopback server on a free port that answers {@code failures} requests 502, then 200; records the paths. */
    private static HttpServer server(int failures, List<String> paths) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        AtomicInteger n = new AtomicInteger();
        s.createContext("/", exchange -> {
            paths.add(exchange.getRequestURI().toString());
            int status = n.incrementAndGet() <= failures ? 502 : 200;
            byte[] body = ("status " + status).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("X-Squid-Error", "ERR_READ_ERROR 104");
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        s.start();
        return s;
    }

    @Test
    void pollsUntilBothPagesAnswer200AfterThreeFailures() throws Exception {
        List<String> paths = new CopyOnWriteArrayList<>();
        HttpServer s = server(3, paths);
        try {
            ChainReadiness.awaitServes("tier", "http://127.0.0.1:" + s.getAddress().getPort() + "/shop/",
                    Duration.ofSeconds(30));
        } finally {
            s.stop(0);
        }
        assertThat(paths).containsExactly("/shop/home?i_id=1&c_id=1", "/shop/home?i_id=1&c_id=1",
                "/shop/home?i_id=1&c_id=1", "/shop/home?i_id=1&c_id=1", "/shop/order-inquiry?c_id=1");
    }

    @Test
    void aTierThatNeverServesIsNamedInOneLineWithItsLastAnswer() throws Exception {
        HttpServer s = server(Integer.MAX_VALUE, new CopyOnWriteArrayList<>());
        int port = s.getAddress().getPort();
        try {
            assertThatThrownBy(() -> ChainReadiness.awaitServes("proxy tier node proxy1 (Squid, port " + port + ")",
                    "http://127.0.0.1:" + port + "/shop/", Duration.ofSeconds(1)))
                    .isInstanceOf(IOException.class)
                    .hasMessage("proxy tier node proxy1 (Squid, port " + port + ") did not serve /shop/home within 1 s: "
                            + "the last answer was http 502 (ERR_READ_ERROR 104)");
        } finally {
            s.stop(0);
        }
    }

    @Test
    void aPortWhereNothingListensIsNotListening() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
            assertThat(ChainReadiness.listening(port)).isTrue();
        }
        assertThat(ChainReadiness.listening(port)).isFalse();
    }
}
