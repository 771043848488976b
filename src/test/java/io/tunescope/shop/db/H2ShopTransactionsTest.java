package io.tunescope.shop.db;

import io.tunescope.shop.ShopScale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

class H2ShopTransactionsTest extends ShopTransactionsContract {
    /** The store's SQL as its engine, from the registry, speaks it. */
    private static final io.tunescope.engine.SqlDialect DIALECT =
            io.tunescope.engine.Engines.byId("h2").dialect();

    private static int next;
    private String url;
    private Connection keepAlive;

    @BeforeEach
    void populate() throws SQLException {
        url = "jdbc:h2:mem:shop" + next++ + ";DB_CLOSE_DELAY=0";
        keepAlive = DriverManager.getConnection(url);
        ShopPopulator.populate(keepAlive, DIALECT, SCALE, 7);
    }

    @AfterEach
    void close() throws SQLException {
        keepAlive.close();
    }

    @Override
    Connection connect() throws SQLException {
        return DriverManager.getConnection(url);
    }

    @Test
    void oneSeedGivesTheSameRows() throws SQLException {
        String again = "jdbc:h2:mem:shop-again";
        try (Connection other = DriverManager.getConnection(again)) {
            ShopPopulator.populate(other, DIALECT, SCALE, 7);
            String digest = "SELECT SUM(i_stock * i_id), SUM(LENGTH(i_title)), SUM(i_related1) FROM item";
            String orders = "SELECT SUM(ol_qty * ol_i_id), COUNT(*) FROM order_line";
            assertThat(Sql.lines(other, digest)).isEqualTo(Sql.lines(keepAlive, digest));
            assertThat(Sql.lines(other, orders)).isEqualTo(Sql.lines(keepAlive, orders));
            ShopPopulator.populate(other, DIALECT, new ShopScale(1_000, 1, 100), 8);
            assertThat(Sql.lines(other, digest)).isNotEqualTo(Sql.lines(keepAlive, digest));
        }
    }
}
