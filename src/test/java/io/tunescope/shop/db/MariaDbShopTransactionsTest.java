package io.tunescope.shop.db;

import io.tunescope.Externals;
import io.tunescope.engine.mariadb.MariaDbServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The same interactions on a private MariaDB, started for this class and always stopped. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MariaDbShopTransactionsTest extends ShopTransactionsContract {
    /** The store's SQL as its engine, from the registry, speaks it. */
    private static final io.tunescope.engine.SqlDialect DIALECT =
            io.tunescope.engine.Engines.byId("mariadb").dialect();

    private MariaDbServer server;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        server = MariaDbServer.start(Externals.mariadb(), dir.resolve("mdb"), null, List.of());
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
        return server.connect();
    }

    @Test
    void theSchemaUsesMariaDbsDialect() throws SQLException {
        try (Connection c = connect()) {
            assertThat(Sql.text(c, "SELECT DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()"
                    + " AND TABLE_NAME = 'orders' AND COLUMN_NAME = 'o_date'")).contains("datetime");
            assertThat(Sql.text(c, "SELECT EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()"
                    + " AND TABLE_NAME = 'orders' AND COLUMN_NAME = 'o_id'")).contains("auto_increment");
            assertThat(Sql.text(c, "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                    + " AND TABLE_NAME = 'order_line'")).contains("InnoDB");
            assertThat(Sql.longs(c, "SELECT COUNT(*) FROM information_schema.REFERENTIAL_CONSTRAINTS"
                    + " WHERE CONSTRAINT_SCHEMA = DATABASE()").orElseThrow()[0]).as("foreign keys").isEqualTo(7);
        }
    }
}
