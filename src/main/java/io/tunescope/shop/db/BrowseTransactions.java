package io.tunescope.shop.db;

import io.tunescope.BadInputException;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The six browse interactions of TPC-W, each run inside the transaction {@link ShopStore} opened. */
final class BrowseTransactions {
    static final int LIST_LIMIT = 50;
    /** Best Sellers counts the items of this many latest orders (TPC-W clause 2.4). */
    static final int BEST_SELLER_ORDERS = 3_333;
    static final List<String> SEARCH_TYPES = List.of("author", "title", "subject");

    private static final String LIST_COLUMNS = "SELECT i_id, i_title, a_fname, a_lname FROM item JOIN author"
            + " ON i_a_id = a_id ";

    private BrowseTransactions() {
    }

    /** Greets the customer if known and shows five promotional items (those related to item {@code i_id}). */
    static ShopPage home(Connection c, ShopRequest r) throws SQLException {
        List<String> lines = new ArrayList<>();
        if (r.optionalId("c_id").isPresent()) {
            lines.addAll(Sql.lines(c, "SELECT c_fname, c_lname FROM customer WHERE c_id = ?", r.id("c_id")));
        }
        lines.addAll(promotions(c, r.id("i_id")));
        return ShopPage.of("Home", lines);
    }

    static ShopPage newProducts(Connection c, ShopRequest r) throws SQLException {
        String subject = r.oneOf("subject", ShopText.SUBJECTS);
        return ShopPage.of("New Products", Sql.lines(c, LIST_COLUMNS + "WHERE i_subject = ?"
                + " ORDER BY i_pub_date DESC, i_title LIMIT " + LIST_LIMIT, subject));
    }

    /** The items of {@code subject} most sold over the latest 3,333 orders. */
    static ShopPage bestSellers(Connection c, ShopRequest r) throws SQLException {
        String subject = r.oneOf("subject", ShopText.SUBJECTS);
        long oldest = Sql.longs(c, "SELECT MIN(o_id) FROM (SELECT o_id FROM orders ORDER BY o_id DESC LIMIT "
                + BEST_SELLER_ORDERS + ") latest").map(v -> v[0]).orElse(0L);
        return ShopPage.of("Best Sellers", Sql.lines(c, "SELECT i_id, i_title, a_fname, a_lname, SUM(ol_qty) AS sold"
                + " FROM order_line JOIN item ON ol_i_id = i_id JOIN author ON i_a_id = a_id"
                + " WHERE ol_o_id >= ? AND i_subject = ? GROUP BY i_id, i_title, a_fname, a_lname"
                + " ORDER BY sold DESC, i_id LIMIT " + LIST_LIMIT, oldest, subject));
    }

    static ShopPage productDetail(Connection c, ShopRequest r) throws SQLException {
        return ShopPage.of("Product Detail", item(c, r.id("i_id")));
    }

    /** The search form, with the promotional items of {@code i_id}. */
    static ShopPage searchRequest(Connection c, ShopRequest r) throws SQLException {
        List<String> lines = new ArrayList<>(List.of("search by author, title or subject"));
        lines.addAll(promotions(c, r.id("i_id")));
        return ShopPage.of("Search Request", lines);
    }

    static ShopPage searchResults(Connection c, ShopRequest r) throws SQLException {
        String type = r.oneOf("type", SEARCH_TYPES);
        String where = switch (type) {
            case "author" -> "WHERE a_lname LIKE ?";
            case "title" -> "WHERE i_title LIKE ?";
            default -> "WHERE i_subject = ?";
        };
        String query = type.equals("subject") ? r.oneOf("q", ShopText.SUBJECTS) : likePrefix(r.text("q"));
        return new ShopPage("Search Results", Sql.lines(c, LIST_COLUMNS + where + " ORDER BY i_title, i_id LIMIT "
                + LIST_LIMIT, query), Map.of());
    }

    /** One item with its author, for Product Detail and Admin Request; a key with no item is bad input. */
    static List<String> item(Connection c, long itemId) throws SQLException {
        List<String> lines = Sql.lines(c, "SELECT i_id, i_title, a_fname, a_lname, i_pub_date, i_publisher,"
                + " i_subject, i_desc, i_srp, i_cost, i_avail, i_stock, i_isbn, i_page, i_backing, i_dimensions,"
                + " i_image FROM item JOIN author ON i_a_id = a_id WHERE i_id = ?", itemId);
        if (lines.isEmpty()) {
            throw BadInputException.of("i_id", itemId, "must name an item of the store");
        }
        return lines;
    }

    private static List<String> promotions(Connection c, long itemId) throws SQLException {
        long[] related = Sql.longs(c, "SELECT i_related1, i_related2, i_related3, i_related4, i_related5 FROM item"
                + " WHERE i_id = ?", itemId).orElseThrow(() -> BadInputException.of("i_id", itemId,
                "must name an item of the store"));
        return Sql.lines(c, "SELECT i_id, i_title, i_thumbnail FROM item WHERE i_id IN (?, ?, ?, ?, ?) ORDER BY i_id",
                related[0], related[1], related[2], related[3], related[4]);
    }

    /** A prefix pattern of the user's text, with LIKE's wildcards removed from it. */
    private static String likePrefix(String text) {
        return text.replace("%", "").replace("_", "") + "%";
    }
}
