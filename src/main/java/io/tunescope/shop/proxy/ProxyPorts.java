package io.tunescope.shop.proxy;

import io.tunescope.BadInputException;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Ports of a proxy on 127.0.0.1: a free one, a chosen one checked free, and the wait until the proxy listens. */
final class ProxyPorts {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(20);

    private ProxyPorts() {
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /**
     * Returns {@code port} if nothing listens on it on 127.0.0.1.
     *
     * @throws BadInputException when it is out of range or in use
     */
    static int checkFree(int port) throws IOException {
        if (port < 1 || port > 65_535) {
            throw BadInputException.of("proxy-port", port, "must be from 1 to 65535, or 0 for a free port");
        }
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return port;
        } catch (java.net.BindException e) {
            throw BadInputException.of("proxy-port", port, "is already in use on 127.0.0.1: pick another, or 0 "
                    + "for a free one");
        }
    }

    /** Waits until {@code name} accepts connections on {@code port}; fails when it exits or takes too long. */
    static void awaitListening(String name, int port, BooleanSupplier alive, Path log) throws IOException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!alive.getAsBoolean()) {
                throw new IOException(name + " exited at start: " + lastLine(log) + " (see " + log + ")");
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException e) {
                pause();
            }
        }
        throw new IOException(name + " did not listen on 127.0.0.1:" + port + " within " + READY_TIMEOUT.toSeconds()
                + " s (see " + log + ")");
    }

    private static void pause() throws IOException {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the proxy to listen", e);
        }
    }

    static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.isEmpty() ? "(no message)" : lines.get(lines.size() - 1);
        } catch (IOException e) {
            return "(no log)";
        }
    }
}
