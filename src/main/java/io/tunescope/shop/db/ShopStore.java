package io.tunescope.shop.db;

import io.tunescope.shop.Interaction;

import java.sql.Connection;
import java.sql.SQLException;

/** Runs each web interaction as one database transaction: committed when it succeeds, rolled back otherwise. */
public final class ShopStore {
    /** Where connections come from: a pool in the application node, a plain driver in tests. */
    @FunctionalInterface
    public interface Connections {
        Connection open() throws SQLException;
    }

    private final Connections connections;

    public ShopStore(Connections connections) {
        this.connections = connections;
    }

    public ShopPage run(Interaction interaction, ShopRequest request) throws SQLException {
        try (Connection c = connections.open()) {
            c.setAutoCommit(false);
            try {
                ShopPage page = dispatch(c, interaction, request);
                c.commit();
                return page;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private static ShopPage dispatch(Connection c, Interaction interaction, ShopRequest r) throws SQLException {
        return switch (interaction) {
            case HOME -> BrowseTransactions.home(c, r);
            case NEW_PRODUCTS -> BrowseTransactions.newProducts(c, r);
            case BEST_SELLERS -> BrowseTransactions.bestSellers(c, r);
            case PRODUCT_DETAIL -> BrowseTransactions.productDetail(c, r);
            case SEARCH_REQUEST -> BrowseTransactions.searchRequest(c, r);
            case SEARCH_RESULTS -> BrowseTransactions.searchResults(c, r);
            case SHOPPING_CART -> OrderTransactions.shoppingCart(c, r);
            case CUSTOMER_REGISTRATION -> OrderTransactions.customerRegistration(c, r);
            case BUY_REQUEST -> OrderTransactions.buyRequest(c, r);
            case BUY_CONFIRM -> OrderTransactions.buyConfirm(c, r);
            case ORDER_INQUIRY -> OrderTransactions.orderInquiry(c, r);
            case ORDER_DISPLAY -> OrderTransactions.orderDisplay(c, r);
            case ADMIN_REQUEST -> AdminTransactions.adminRequest(c, r);
            case ADMIN_CONFIRM -> AdminTransactions.adminConfirm(c, r);
        };
    }
}
