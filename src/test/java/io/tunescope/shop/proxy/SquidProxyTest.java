package io.tunescope.shop.proxy;

import com.sun.net.httpserver.HttpServer;
import io.tunescope.BadInputException;
import io.tunescope.Externals;
import io.tunescope.engine.Processes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Squid in front of a small HTTP server standing in for an application node: cacheable answers come from its cache
 * and its counters say so (requests and bytes), private ones never do; a reconfigure applies new knobs while it keeps
 * serving; a configuration Squid refuses leaves the running one in force; it dies with a controller killed outright.
 */
class SquidProxyTest {
    private final List<HttpServer> nodes = new ArrayList<>();
    private final AtomicInteger served = new AtomicInteger();
    private final HttpClient client = HttpClient.newHttpClient();

    private int node() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/", exchange -> {
            served.incrementAndGet();
            String path = exchange.getRequestURI().getPath();
            byte[] body = ("page " + path + " " + "x".repeat(4_000)).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Cache-Control", path.contains("cart") ? "no-store" : "public, max-age=60");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        nodes.add(server);
        return server.getAddress().getPort();
    }

    @AfterEach
    void stopNodes() {
        nodes.forEach(n -> n.stop(0));
    }

    private HttpResponse<String> get(SquidProxy proxy, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void cachesPublicPagesCountsItsHitsAndReconfiguresWithoutARestart(@TempDir Path dir) throws Exception {
        SquidProxy proxy = SquidProxy.start(Externals.squid(), SquidKnobs.DEFAULTS, 0, List.of(node()),
                dir.resolve("proxy"));
        List<Long> pids;
        try {
            pids = proxy.pids();
            long pid = proxy.pid();
            ProxyCounters before = proxy.counters();
            for (int k = 0; k < 4; k++) {
                HttpResponse<String> page = get(proxy, "/shop/best-sellers?s=1");
                assertThat(page.statusCode()).isEqualTo(200);
                assertThat(page.body()).startsWith("page /shop/best-sellers");
                assertThat(get(proxy, "/shop/shopping-cart").statusCode()).isEqualTo(200);
            }
            ProxyCounters window = proxy.counters().minus(before);
            assertThat(window.requests()).as("8 requests through squid (the counters page itself may count)")
                    .isBetween(8L, 9L);
            assertThat(window.hits()).as("the page after its first fetch").isEqualTo(3);
            // every cart reaches the node, the page once; a hit that Squid revalidates reaches it once more
            assertThat(served.get()).isBetween(5, 6);
            assertThat(window.byteHitRatio()).as("%s", window).isBetween(0.2, 0.45);

            proxy.reload(SquidKnobs.DEFAULTS, new SquidKnobs(8, 64, 1024, 0, 0, 80, 90));
            assertThat(proxy.pid()).as("the same process: no restart").isEqualTo(pid);
            assertThat(get(proxy, "/shop/new-products").statusCode()).isEqualTo(200);
            assertThat(proxy.isAlive()).isTrue();
        } finally {
            proxy.close();
        }
        assertThat(pids).allSatisfy(p -> assertThat(Processes.isRunning(p)).as("pid %d", p).isFalse());
        assertThat(dir.resolve("proxy/cache.log")).as("the log is kept with the results").exists();
        assertThat(Files.readString(dir.resolve("proxy/squid.conf"))).as("the configuration in force at the end")
                .contains("cache_mem 8 MB").contains("cache_swap_low 80");
    }

    @Test
    void aChangeOfTheDiskCacheNeedsARestartAndBadKnobsAreRefusedBeforeAnythingStarts() {
        assertThat(SquidKnobs.DEFAULTS.restartFor(new SquidKnobs(64, 512, 4096, 0, 100, 90, 95))).isTrue();
        assertThat(SquidKnobs.DEFAULTS.restartFor(new SquidKnobs(128, 512, 4096, 0, 0, 90, 95))).isFalse();
        assertThatThrownBy(() -> new SquidKnobs(64, 512, 4096, 0, 0, 96, 95)).isInstanceOf(BadInputException.class)
                .hasMessage("squid-swap-low (96) must be at most squid-swap-high (95 %)");
        assertThatThrownBy(() -> new SquidKnobs(-1, 512, 4096, 0, 0, 90, 95)).isInstanceOf(BadInputException.class)
                .hasMessage("squid-cache-mem (-1) must be from 0 to 65536 MiB (0: nothing cached)");
        assertThatThrownBy(() -> SquidProxy.checkBinary(Path.of("/nonexistent/squid")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("apt-get install squid");
    }

    @Test
    void squidDiesWithAControllerKilledOutright(@TempDir Path dir) throws Exception {
        int node = node();
        Process controller = new ProcessBuilder(Processes.javaExecutable(), "-cp",
                System.getProperty("java.class.path"), Holder.class.getName(), Externals.squid().toString(),
                dir.toString(), Integer.toString(node)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (var out = new BufferedReader(new InputStreamReader(controller.getInputStream(), StandardCharsets.UTF_8))) {
            ProcessHandle squid = ProcessHandle.of(Long.parseLong(out.readLine().trim())).orElseThrow();
            // both lines before the kill: once the controller is reaped its output pipe may already be closed
            Path home = Path.of(out.readLine().trim());
            controller.destroyForcibly().waitFor();
            long deadline = System.nanoTime() + 15_000_000_000L;
            while (System.nanoTime() < deadline && squid.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(squid.isAlive()).as("squid after kill -9 of the JVM that started it").isFalse();
            while (System.nanoTime() < deadline && Files.exists(home) && !home.startsWith(dir)) {
                Thread.sleep(50);
            }
            assertThat(home.startsWith(dir) || !Files.exists(home)).as("a private home %s is removed", home).isTrue();
        } finally {
            controller.destroyForcibly();
        }
    }

    /** A controller that starts squid, says its pid, and waits to be killed. */
    public static final class Holder {
        private Holder() {
        }

        public static void main(String[] args) throws Exception {
            SquidProxy proxy = SquidProxy.start(Path.of(args[0]), SquidKnobs.DEFAULTS, 0,
                    List.of(Integer.parseInt(args[2])), Path.of(args[1]).resolve("proxy"));
            System.out.println(proxy.pid());
            System.out.println(proxy.home());
            System.out.flush();
            Thread.sleep(600_000);
        }
    }
}
