package io.tunescope.shop.proxy;

import com.sun.net.httpserver.HttpServer;
import io.tunescope.BadInputException;
import io.tunescope.Externals;
import io.tunescope.engine.ProcessGroup;
import io.tunescope.engine.Processes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * nginx in front of two small HTTP servers standing in for application nodes: cacheable answers are cached (up to
 * the largest-object knob), private ones never; a dead node is left out; a port in use is a clear error; and
 * nothing is left after close.
 */
class NginxProxyTest {
    private final List<HttpServer> nodes = new ArrayList<>();
    private final List<AtomicInteger> served = new ArrayList<>();
    private final HttpClient client = HttpClient.newHttpClient();

    private static Path nginx() {
        return Externals.nginx();
    }

    private int node(String name) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        AtomicInteger count = new AtomicInteger();
        server.createContext("/", exchange -> {
            count.incrementAndGet();
            String path = exchange.getRequestURI().getPath();
            byte[] body = (path.contains("big") ? "x".repeat(20_000) : name + " " + path)
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Cache-Control", path.contains("cart") ? "no-store" : "public, max-age=60");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        nodes.add(server);
        served.add(count);
        return server.getAddress().getPort();
    }

    @AfterEach
    void stopNodes() {
        nodes.forEach(n -> n.stop(0));
    }

    private HttpResponse<String> get(NginxProxy proxy, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static NginxProxy start(Path dir, int port, List<Integer> ports) throws IOException {
        return NginxProxy.start(nginx(), new ProxyKnobs(8, 8, 1, 64, 30), port, ports, dir.resolve("proxy"),
                dir.resolve("proxy/nginx.conf"), dir.resolve("logs/proxy.log"));
    }

    @Test
    void cachesPublicPagesUpToTheObjectLimitAndNeverPrivateOnes(@TempDir Path dir) throws Exception {
        NginxProxy proxy = start(dir, 0, List.of(node("a"), node("b")));
        List<Long> pids;
        try {
            pids = proxy.pids();
            assertThat(pids).as("master and its worker").hasSizeGreaterThanOrEqualTo(2);
            assertThat(get(proxy, "/shop/best-sellers?s=1").headers().firstValue("X-Proxy-Cache")).hasValue("MISS");
            HttpResponse<String> again = get(proxy, "/shop/best-sellers?s=1");
            assertThat(again.headers().firstValue("X-Proxy-Cache")).hasValue("HIT");
            assertThat(again.body()).endsWith("/shop/best-sellers");
            for (int k = 0; k < 3; k++) {
                assertThat(get(proxy, "/shop/shopping-cart").headers().firstValue("X-Proxy-Cache"))
                        .as("a private page").isNotEqualTo(java.util.Optional.of("HIT"));
                assertThat(get(proxy, "/shop/big").headers().firstValue("X-Proxy-Cache"))
                        .as("20,000 bytes over the 8 KiB limit").isNotEqualTo(java.util.Optional.of("HIT"));
            }
            assertThat(served.get(0).get() + served.get(1).get()).as("one miss, 3 carts, 3 big").isEqualTo(7);
            assertThat(served).as("balanced over both").allSatisfy(c -> assertThat(c.get()).isPositive());
        } finally {
            proxy.close();
        }
        assertThat(pids).allSatisfy(pid -> assertThat(Processes.isRunning(pid)).as("pid %d", pid).isFalse());
        assertThat(new ProcessGroup(proxy.pid(), 0).members()).as("nginx's process group after a normal close")
                .isEmpty();
    }

    @Test
    void aDeadNodeIsLeftOutWithoutErrors(@TempDir Path dir) throws Exception {
        try (NginxProxy proxy = start(dir, 0, List.of(node("a"), node("b")))) {
            nodes.get(0).stop(0);
            int before = served.get(1).get();
            for (int k = 0; k < 20; k++) {
                HttpResponse<String> r = get(proxy, "/shop/shopping-cart?k=" + k);
                assertThat(r.statusCode()).as("request %d after node a died", k).isEqualTo(200);
                assertThat(r.body()).startsWith("b ");
            }
            assertThat(served.get(1).get() - before).isEqualTo(20);
        }
    }

    /**
     * nginx's master killed outright: the proxy is no longer alive (the run then names it among the failed nodes),
     * though its workers may still serve, and close() ends the workers too.
     */
    @Test
    void aMasterKilledOutrightIsNotAliveAndItsWorkersEndAtClose(@TempDir Path dir) throws Exception {
        NginxProxy proxy = start(dir, 0, List.of(node("a")));
        List<Long> pids = proxy.pids();
        try {
            assertThat(proxy.isAlive()).isTrue();
            ProcessHandle.of(proxy.pid()).orElseThrow().destroyForcibly();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (proxy.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(proxy.isAlive()).as("a killed master (a zombie until the watcher reaps it)").isFalse();
            assertThat(pids.subList(1, pids.size())).as("its workers serve on until close")
                    .anySatisfy(pid -> assertThat(Processes.isRunning(pid)).isTrue());
        } finally {
            proxy.close();
        }
        assertThat(pids).allSatisfy(pid -> assertThat(Processes.isRunning(pid)).as("pid %d", pid).isFalse());
    }

    @Test
    void aPortInUseIsAClearError(@TempDir Path dir) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int node = node("a");
            assertThatThrownBy(() -> start(dir, taken.getLocalPort(), List.of(node)))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("proxy-port (" + taken.getLocalPort() + ") is already in use");
        }
    }

    @Test
    void nginxDiesWithAControllerKilledOutright(@TempDir Path dir) throws Exception {
        int node = node("a");
        Process controller = new ProcessBuilder(Processes.javaExecutable(), "-cp",
                System.getProperty("java.class.path"), Holder.class.getName(), nginx().toString(), dir.toString(),
                Integer.toString(node)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        long master;
        try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(controller.getInputStream(),
                StandardCharsets.UTF_8))) {
            master = Long.parseLong(out.readLine().trim());
            List<ProcessHandle> all = new ArrayList<>(List.of(ProcessHandle.of(master).orElseThrow()));
            all.addAll(ProcessHandle.of(master).orElseThrow().children().toList());
            controller.destroyForcibly().waitFor();
            long deadline = System.nanoTime() + 15_000_000_000L;
            while (System.nanoTime() < deadline && all.stream().anyMatch(ProcessHandle::isAlive)) {
                Thread.sleep(50);
            }
            assertThat(all).as("nginx's master and workers after kill -9 of the JVM that started them")
                    .noneMatch(ProcessHandle::isAlive);
        } finally {
            controller.destroyForcibly();
        }
    }

    /** A controller that starts nginx, says its master's pid, and waits to be killed. */
    public static final class Holder {
        private Holder() {
        }

        public static void main(String[] args) throws Exception {
            Path dir = Path.of(args[1]);
            NginxProxy proxy = NginxProxy.start(Path.of(args[0]), ProxyKnobs.DEFAULTS, 0,
                    List.of(Integer.parseInt(args[2])), dir.resolve("proxy"), dir.resolve("proxy/nginx.conf"),
                    dir.resolve("logs/proxy.log"));
            System.out.println(proxy.pid());
            System.out.flush();
            Thread.sleep(600_000);
        }
    }
}
