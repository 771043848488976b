package io.tunescope.shop.stack;

import io.tunescope.Notices;
import io.tunescope.engine.PrivateServer;

import java.io.IOException;
import java.util.List;

/**
 * A private database server (PostgreSQL or MariaDB: loopback only, a random password kept in memory, stopped by a
 * watcher if the controller dies) as the shop's database tier. Stopped and its data deleted on close or at JVM exit.
 */
final class PrivateServerDatabase implements ShopDatabase {
    private final String kind;
    private final PrivateServer server;
    private final Thread stopAtExit;

    PrivateServerDatabase(String kind, PrivateServer server) {
        this.kind = kind;
        this.server = server;
        this.stopAtExit = new Thread(this::stop, "shop-stop-" + kind);
        Runtime.getRuntime().addShutdownHook(stopAtExit);
    }

    /** The server itself (its live settings, its restart). */
    PrivateServer server() {
        return server;
    }

    @Override
    public String kind() {
        return kind;
    }

    @Override
    public String jdbcUrl() {
        return server.jdbcUrl();
    }

    @Override
    public String user() {
        return server.user();
    }

    @Override
    public String password() {
        return server.password();
    }

    /** The server first (the monitor watches it), then every process it started. */
    @Override
    public List<Long> pids() {
        return server.processIds();
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopAtExit);
        } catch (IllegalStateException e) {
            // shutting down: the hook stops it
        }
        stop();
    }

    private void stop() {
        try {
            server.close();
            server.deleteData();
        } catch (IOException e) {
            Notices.say("tunescope: stopping the shop's " + kind + " server failed: " + e.getMessage());
        }
    }
}
