package io.tunescope.shop.stack;

import io.tunescope.engine.mariadb.MariaDbBinaries;
import io.tunescope.engine.mariadb.MariaDbServer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A private MariaDB instance ({@link MariaDbServer}: loopback only, a random password kept in memory, killed by its
 * supervisor if the controller dies) as the shop's database tier, its data under the run's output directory.
 * Stopped and its data deleted on close or at JVM exit.
 */
public final class MariaDbShopDatabase implements ShopDatabase {
    /**
     * The tier's settings, after tunescope's own: as many connections as PostgreSQL's tier allows, the same memory
     * for pages as its shared_buffers, and READ COMMITTED, PostgreSQL's default isolation, so that both tiers run the
     * interactions with the same guarantees (InnoDB's default REPEATABLE READ takes gap locks that PostgreSQL has not).
     */
    static final List<String> SETTINGS = List.of("max_connections = 200", "innodb_buffer_pool_size = 128M",
            "transaction-isolation = READ-COMMITTED");

    private final MariaDbServer server;
    private final Thread stopAtExit;

    private MariaDbShopDatabase(MariaDbServer server) {
        this.server = server;
        this.stopAtExit = new Thread(this::stop, "shop-stop-mariadb");
        Runtime.getRuntime().addShutdownHook(stopAtExit);
    }

    public static MariaDbShopDatabase start(MariaDbBinaries binaries, Path dir) throws IOException,
            InterruptedException {
        return new MariaDbShopDatabase(MariaDbServer.start(binaries, dir, null, SETTINGS));
    }

    @Override
    public String kind() {
        return "mariadb";
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

    /** The server first (the monitor watches it), then any process it started. */
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
            System.err.println("tunescope: stopping the shop's MariaDB failed: " + e.getMessage());
        }
    }
}
