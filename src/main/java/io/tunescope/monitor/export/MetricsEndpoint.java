package io.tunescope.monitor.export;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.tunescope.BadInputException;
import io.tunescope.monitor.LiveTotals;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A live {@code /metrics} endpoint bound to the loopback address only (never reachable from other machines), for
 * Prometheus to scrape while a run is going.
 */
public final class MetricsEndpoint implements AutoCloseable {
    private final HttpServer server;

    private MetricsEndpoint(HttpServer server) {
        this.server = server;
    }

    /** Starts serving {@code totals} on 127.0.0.1:{@code port} (0 picks a free port). */
    public static MetricsEndpoint start(int port, LiveTotals totals, long clockTicksPerSecond) {
        if (port < 0 || port > 65535) {
            throw BadInputException.of("metrics-port", port, "must be between 0 and 65535");
        }
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 8);
            server.createContext("/metrics", ex -> respond(ex, totals, clockTicksPerSecond));
            server.start();
            return new MetricsEndpoint(server);
        } catch (BindException e) {
            throw BadInputException.of("metrics-port", port, "must be a free port on 127.0.0.1");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the metrics endpoint: " + e.getMessage(), e);
        }
    }

    private static void respond(HttpExchange ex, LiveTotals totals, long ticksPerSecond) throws IOException {
        byte[] body = OpenMetricsFormat.render(totals.snapshot(), ticksPerSecond).getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", OpenMetricsFormat.CONTENT_TYPE);
        ex.sendResponseHeaders(200, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    /** The bound address: always the loopback interface. */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
