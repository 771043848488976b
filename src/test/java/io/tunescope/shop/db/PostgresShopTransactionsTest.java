package io.tunescope.shop.db;

import io.tunescope.Externals;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;


/** The same interactions on a private PostgreSQL, started for this class and always stopped. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresShopTransactionsTest extends ShopTransactionsContract {
    /** The store's SQL as its engine, from the registry, speaks it. */
    private static final io.tunescope.engine.SqlDialect DIALECT =
            io.tunescope.engine.Engines.byId("postgres").dialect();

    private PostgresServer server;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        var binaries = PostgresBinaries.find();
        Externals.require(binaries.isPresent(), "PostgreSQL binaries");
        server = PostgresServer.start(binaries.get(), dir.resolve("pg"), null, List.of());
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void populate() throws SQLException {
        try (Connection c = connect()) {
            ShopPopulator.populate(c, DIALECT, SCALE, 7);
        }
    }

    @Override
    Connection connect() throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
    }
}
