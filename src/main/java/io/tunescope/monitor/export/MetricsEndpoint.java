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

    /**
     * Checks, before a long run starts, that {@code port} is in range and free on 127.0.0.1 now (by binding it and
     * letting go), so that a mistyped or taken port is bad input at once rather than a warning after the load.
     */
    public static void checkPort(int port) {
        checkRange(port);
        try (java.net.ServerSocket probe = new java.net.ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            probe.setReuseAddress(true);
        } catch (IOException e) {
            throw BadInputException.of("metrics-port", port, "must be a free port on 127.0.0.1");
        }
    }

    private static void checkRange(int port) {
        if (port < 0 || port > 65535) {
            throw BadInputException.of("metrics-port", port, "must be between 0 and 65535");
        }
    }

    /** Starts serving {@code totals} on 127.0.0.1:{@code port} (0 picks a free port). */
    public static MetricsEndpoint start(int port, LiveTotals totals, long clockTicksPerSecond) {
        checkRange(port);
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
