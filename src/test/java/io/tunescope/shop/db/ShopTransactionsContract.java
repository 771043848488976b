package io.tunescope.shop.db;

import io.tunescope.BadInputException;
import io.tunescope.shop.Interaction;
import io.tunescope.shop.ShopScale;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each of the 14 interactions on a freshly populated store; subclasses supply the database. */
abstract class ShopTransactionsContract {
    static final ShopScale SCALE = new ShopScale(1_000, 1, 100);

    /** A connection to a store populated at {@link #SCALE} with seed 7. */
    abstract Connection connect() throws SQLException;

    ShopStore store() {
        return new ShopStore(this::connect);
    }

    long count(String sql, Object... params) throws SQLException {
        try (Connection c = connect()) {
            return Sql.longs(c, sql, params).orElseThrow()[0];
        }
    }

    @Test
    void populationFollowsTheSizingRules() throws SQLException {
        assertThat(count("SELECT COUNT(*) FROM item")).isEqualTo(1_000);
        assertThat(count("SELECT COUNT(*) FROM author")).isEqualTo(250);
        assertThat(count("SELECT COUNT(*) FROM country")).isEqualTo(92);
        assertThat(count("SELECT COUNT(*) FROM customer")).isEqualTo(28);
        assertThat(count("SELECT COUNT(*) FROM address")).isEqualTo(56);
        assertThat(count("SELECT COUNT(*) FROM orders")).isEqualTo(25);
        assertThat(count("SELECT COUNT(*) FROM cc_xacts")).isEqualTo(25);
        assertThat(count("SELECT COUNT(*) FROM order_line")).isBetween(25L, 125L);
    }

    @Test
    void browseInteractionsReadTheCatalog() throws SQLException {
        ShopStore s = store();
        assertThat(s.run(Interaction.HOME, ShopRequest.of("c_id", "3", "i_id", "10")).lines()).hasSize(6);
        assertThat(s.run(Interaction.NEW_PRODUCTS, ShopRequest.of("subject", "ARTS")).lines()).isNotEmpty()
                .hasSizeLessThanOrEqualTo(50);
        assertThat(s.run(Interaction.BEST_SELLERS, ShopRequest.of("subject", "HISTORY")).title())
                .isEqualTo("Best Sellers");
        assertThat(s.run(Interaction.PRODUCT_DETAIL, ShopRequest.of("i_id", "42")).lines().get(0)).startsWith("42 | ");
        assertThat(s.run(Interaction.SEARCH_REQUEST, ShopRequest.of("i_id", "5")).lines()).hasSize(6);
        String title = s.run(Interaction.PRODUCT_DETAIL, ShopRequest.of("i_id", "7")).lines().get(0).split(" \\| ")[1];
        assertThat(s.run(Interaction.SEARCH_RESULTS, ShopRequest.of("type", "title", "q", title.substring(0, 3)))
                .lines()).anyMatch(l -> l.startsWith("7 | "));
        assertThat(s.run(Interaction.SEARCH_RESULTS, ShopRequest.of("type", "subject", "q", "TRAVEL")).lines())
                .isNotEmpty();
    }

    @Test
    void bestSellersCountOnlyTheLatestOrders() throws SQLException {
        ShopStore s = store();
        // a new order of 1000 copies of one item makes it the best seller of its subject
        long cart = s.run(Interaction.SHOPPING_CART, ShopRequest.of("add", "77")).state().get("sc_id");
        try (Connection c = connect()) {
            Sql.update(c, "UPDATE shopping_cart_line SET scl_qty = 1000 WHERE scl_sc_id = ?", cart);
            if (!c.getAutoCommit()) {
                c.commit();
            }
        }
        s.run(Interaction.BUY_CONFIRM, ShopRequest.of("sc_id", "" + cart, "c_id", "1", "ship", "AIR", "card",
                "VISA", "i_id", "77"));
        String subject = s.run(Interaction.PRODUCT_DETAIL, ShopRequest.of("i_id", "77")).lines().get(0)
                .split(" \\| ")[6];
        List<String> best = s.run(Interaction.BEST_SELLERS, ShopRequest.of("subject", subject)).lines();
        assertThat(best.get(0)).startsWith("77 | ").endsWith(" | " + count(
                "SELECT SUM(ol_qty) FROM order_line WHERE ol_i_id = 77"));
    }

    @Test
    void buyingTurnsACartIntoAnOrderAndUpdatesStock() throws SQLException {
        ShopStore s = store();
        long stockBefore = count("SELECT i_stock FROM item WHERE i_id = 9");
        ShopPage cart = s.run(Interaction.SHOPPING_CART, ShopRequest.of("add", "9"));
        long sc = cart.state().get("sc_id");
        s.run(Interaction.SHOPPING_CART, ShopRequest.of("sc_id", "" + sc, "add", "9"));
        assertThat(s.run(Interaction.CUSTOMER_REGISTRATION, ShopRequest.of("c_id", "2")).lines()).hasSize(2);
        ShopPage request = s.run(Interaction.BUY_REQUEST, ShopRequest.of("sc_id", "" + sc, "c_id", "2", "i_id", "1"));
        assertThat(request.lines()).last().asString().startsWith("sub total ");
        ShopPage confirm = s.run(Interaction.BUY_CONFIRM, ShopRequest.of("sc_id", "" + sc, "c_id", "2",
                "ship", "UPS", "card", "AMEX", "i_id", "1"));
        long order = confirm.state().get("o_id");
        assertThat(order).as("the key comes from the identity, past the 25 loaded orders").isEqualTo(26);
        long expected = stockBefore - 2 < 10 ? stockBefore - 2 + 21 : stockBefore - 2;
        assertThat(count("SELECT i_stock FROM item WHERE i_id = 9")).isEqualTo(expected);
        assertThat(count("SELECT ol_qty FROM order_line WHERE ol_o_id = ?", order)).isEqualTo(2);
        assertThat(count("SELECT COUNT(*) FROM cc_xacts WHERE cx_o_id = ?", order)).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM shopping_cart_line WHERE scl_sc_id = ?", sc)).isZero();
        String uname = ShopText.userName(2);
        ShopPage display = s.run(Interaction.ORDER_DISPLAY, ShopRequest.of("uname", uname, "passwd",
                ShopText.password(uname)));
        assertThat(display.state()).containsEntry("o_id", order);
        assertThat(display.lines()).anyMatch(l -> l.startsWith("9 | ") && l.endsWith(" | 2"));
        assertThat(s.run(Interaction.ORDER_INQUIRY, ShopRequest.of("c_id", "2")).lines()).contains(uname);
    }

    @Test
    void aNewCustomerGetsKeysFromTheIdentities() throws SQLException {
        ShopStore s = store();
        long sc = s.run(Interaction.SHOPPING_CART, ShopRequest.of()).state().get("sc_id");
        ShopPage page = s.run(Interaction.BUY_REQUEST, ShopRequest.of("sc_id", "" + sc, "fname", "Ada", "lname",
                "Lovelace", "co_id", "5", "i_id", "3"));
        assertThat(page.state().get("c_id")).isEqualTo(29);
        assertThat(count("SELECT c_addr_id FROM customer WHERE c_id = 29")).isEqualTo(57);
        assertThat(count("SELECT COUNT(*) FROM shopping_cart_line WHERE scl_sc_id = ? AND scl_i_id = 3", sc))
                .isEqualTo(1);
    }

    @Test
    void adminConfirmSetsCostAndRelatedItemsFromCoPurchases() throws SQLException {
        ShopStore s = store();
        long sc = s.run(Interaction.SHOPPING_CART, ShopRequest.of("add", "500")).state().get("sc_id");
        s.run(Interaction.SHOPPING_CART, ShopRequest.of("sc_id", "" + sc, "add", "600"));
        s.run(Interaction.BUY_CONFIRM, ShopRequest.of("sc_id", "" + sc, "c_id", "4", "ship", "AIR", "card",
                "VISA", "i_id", "1"));
        assertThat(s.run(Interaction.ADMIN_REQUEST, ShopRequest.of("i_id", "500")).lines()).hasSize(1);
        s.run(Interaction.ADMIN_CONFIRM, ShopRequest.of("i_id", "500", "cost", "12.34"));
        assertThat(count("SELECT i_related1 FROM item WHERE i_id = 500")).isEqualTo(600);
        assertThat(count("SELECT i_cost * 100 FROM item WHERE i_id = 500")).isEqualTo(1234);
    }

    @Test
    void malformedParametersAreBadInputAndChangeNothing() throws SQLException {
        ShopStore s = store();
        assertThatThrownBy(() -> s.run(Interaction.PRODUCT_DETAIL, ShopRequest.of("i_id", "x'; DROP TABLE item")))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("i_id (x'; DROP TABLE item) must be");
        assertThatThrownBy(() -> s.run(Interaction.PRODUCT_DETAIL, ShopRequest.of("i_id", "99999")))
                .hasMessage("i_id (99999) must name an item of the store");
        assertThatThrownBy(() -> s.run(Interaction.NEW_PRODUCTS, ShopRequest.of("subject", "GARDENING")))
                .isInstanceOf(BadInputException.class);
        long carts = count("SELECT COUNT(*) FROM shopping_cart");
        assertThatThrownBy(() -> s.run(Interaction.SHOPPING_CART, ShopRequest.of("add", "99999")))
                .isInstanceOf(BadInputException.class);
        assertThat(count("SELECT COUNT(*) FROM shopping_cart")).as("rolled back").isEqualTo(carts);
        assertThat(count("SELECT COUNT(*) FROM item")).isEqualTo(1_000);
    }
}
