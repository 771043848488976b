package io.tunescope.shop.stack;

import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresServer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** A private PostgreSQL cluster as the shop's database tier (the default), stopped on close or at JVM exit. */
public final class PostgresDatabase implements ShopDatabase {
    private final PostgresServer server;
    private final Thread stopAtExit;

    private PostgresDatabase(PostgresServer server) {
        this.server = server;
        this.stopAtExit = new Thread(this::stop, "shop-stop-postgres");
        Runtime.getRuntime().addShutdownHook(stopAtExit);
    }

    public static PostgresDatabase start(PostgresBinaries binaries, Path dir) throws IOException,
            InterruptedException {
        // absolute: the server's socket and lock file go under dir, and pg_ctl does not run in this directory
        return new PostgresDatabase(PostgresServer.start(binaries, dir.toAbsolutePath(), null,
                List.of("max_connections = 200", "shared_buffers = 128MB")));
    }

    @Override
    public String kind() {
        return "postgres";
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
            System.err.println("tunescope: stopping the shop's PostgreSQL failed: " + e.getMessage());
        }
    }
}
