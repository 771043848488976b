package io.tunescope.shop.stack;

import io.tunescope.shop.proxy.SquidKnobs;
import io.tunescope.shop.proxy.SquidProxy;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Squid processes of a {@link RoutedShop}'s proxy tier, by slot: each caches in front of one port (the router that
 * sends browse and order pages to their tiers), so a change of the application tiers never touches them. A slot
 * keeps its name whichever role it serves; its Squid files go to the slot's proxy directory.
 */
final class SquidSlots implements AutoCloseable {
    private final Path binary;
    private final SquidKnobs knobs;
    private final Path out;
    private final int routerPort;
    private final Map<String, SquidProxy> running = new LinkedHashMap<>();

    SquidSlots(Path binary, SquidKnobs knobs, Path out, int routerPort) {
        this.binary = binary;
        this.knobs = knobs;
        this.out = out;
        this.routerPort = routerPort;
    }

    /** Starts Squid in slot {@code name}; returns once it listens. */
    synchronized void start(String name) throws IOException {
        if (running.containsKey(name)) {
            throw new IllegalStateException(name + " already runs Squid");
        }
        running.put(name, SquidProxy.start(binary, knobs, 0, List.of(routerPort),
                ResultsDir.of(out).shopProxyDir(name)));
    }

    /** Stops the Squid of slot {@code name}, if it runs one. */
    synchronized void stop(String name) {
        SquidProxy p = running.remove(name);
        if (p != null) {
            p.close();
        }
    }

    synchronized boolean holds(String name) {
        return running.containsKey(name);
    }

    synchronized int port(String name) {
        return running.get(name).port();
    }

    synchronized long pid(String name) {
        return running.get(name).pid();
    }

    synchronized boolean isAlive(String name) {
        SquidProxy p = running.get(name);
        return p != null && p.isAlive();
    }

    int routerPort() {
        return routerPort;
    }

    @Override
    public synchronized void close() {
        running.values().forEach(SquidProxy::close);
        running.clear();
    }
}
