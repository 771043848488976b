package io.tunescope.shop.db;

import io.tunescope.BadInputException;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The shopping-cart, buying and order-status interactions of TPC-W, each inside {@link ShopStore}'s transaction. */
final class OrderTransactions {
    private static final BigDecimal TAX = new BigDecimal("0.0825");
    private static final String CART_LINES = "SELECT scl_i_id, scl_qty, i_cost FROM shopping_cart_line JOIN item"
            + " ON scl_i_id = i_id WHERE scl_sc_id = ? ORDER BY scl_i_id";

    private OrderTransactions() {
    }

    /** Creates the cart when {@code sc_id} is absent, adds item {@code add} when given, and lists the cart. */
    static ShopPage shoppingCart(Connection c, ShopRequest r) throws SQLException {
        long cart = cartOf(c, r);
        if (r.optionalId("add").isPresent()) {
            addItem(c, cart, r.id("add"));
        }
        Sql.update(c, "UPDATE shopping_cart SET sc_time = ? WHERE sc_id = ?", now(), cart);
        return new ShopPage("Shopping Cart", Sql.lines(c, CART_LINES, cart), Map.of("sc_id", cart));
    }

    /** The registration form; a returning customer {@code c_id} sees its user name filled in. */
    static ShopPage customerRegistration(Connection c, ShopRequest r) throws SQLException {
        List<String> lines = new ArrayList<>(List.of("returning customer: user name and password; new: your details"));
        if (r.optionalId("c_id").isPresent()) {
            lines.addAll(Sql.lines(c, "SELECT c_uname, c_fname, c_lname FROM customer WHERE c_id = ?",
                    r.id("c_id")));
        }
        return ShopPage.of("Customer Registration", lines);
    }

    /**
     * Logs in returning customer {@code c_id}, or registers a new one (address and customer rows, keys from their
     * identities) when {@code c_id} is absent; puts item {@code i_id} in an empty cart; shows the cart's totals.
     */
    static ShopPage buyRequest(Connection c, ShopRequest r) throws SQLException {
        long cart = cartOf(c, r);
        long customer;
        if (r.optionalId("c_id").isPresent()) {
            customer = r.id("c_id");
            LocalDateTime now = LocalDateTime.now();
            if (Sql.update(c, "UPDATE customer SET c_login = ?, c_expiration = ? WHERE c_id = ?",
                    Timestamp.valueOf(now), Timestamp.valueOf(now.plusHours(2)), customer) == 0) {
                throw BadInputException.of("c_id", customer, "must name a customer of the store");
            }
        } else {
            customer = register(c, r);
        }
        fillEmptyCart(c, cart, r);
        List<String> lines = new ArrayList<>(Sql.lines(c, "SELECT c_uname, c_fname, c_lname, addr_street1,"
                + " addr_city, co_name FROM customer JOIN address ON c_addr_id = addr_id JOIN country"
                + " ON addr_co_id = co_id WHERE c_id = ?", customer));
        lines.add("sub total " + subTotal(Sql.lines(c, CART_LINES, cart)));
        return new ShopPage("Buy Request", lines, Map.of("sc_id", cart, "c_id", customer));
    }

    /**
     * Turns cart {@code sc_id} into an order of customer {@code c_id}: the order, its lines and its card transaction
     * are inserted, each item's stock goes down (and is restocked by 21 below 10, as TPC-W says), the cart empties.
     */
    static ShopPage buyConfirm(Connection c, ShopRequest r) throws SQLException {
        long cart = cartOf(c, r);
        long customer = r.id("c_id");
        long[] cust = Sql.longs(c, "SELECT c_addr_id FROM customer WHERE c_id = ?", customer)
                .orElseThrow(() -> BadInputException.of("c_id", customer, "must name a customer of the store"));
        fillEmptyCart(c, cart, r);
        List<String> cartLines = Sql.lines(c, CART_LINES, cart);
        BigDecimal subTotal = subTotal(cartLines);
        BigDecimal tax = subTotal.multiply(TAX).setScale(2, RoundingMode.HALF_UP);
        BigDecimal total = subTotal.add(tax).add(BigDecimal.valueOf(300 + 100L * cartLines.size(), 2));
        Timestamp now = now();
        String shipType = r.oneOf("ship", ShopText.SHIP_TYPES);
        long order = Sql.insert(c, "INSERT INTO orders (o_c_id, o_date, o_sub_total, o_tax, o_total, o_ship_type,"
                        + " o_ship_date, o_bill_addr_id, o_ship_addr_id, o_status) VALUES (?,?,?,?,?,?,?,?,?,?)",
                customer, now, subTotal, tax, total, shipType, now, cust[0], cust[0], "PENDING");
        int lineNo = 0;
        for (String line : cartLines) {
            String[] f = line.split(" \\| ");
            int qty = Integer.parseInt(f[1]);
            Sql.update(c, "INSERT INTO order_line (ol_id, ol_o_id, ol_i_id, ol_qty, ol_discount, ol_comments)"
                    + " VALUES (?,?,?,?,?,?)", ++lineNo, order, Long.parseLong(f[0]), qty, BigDecimal.ZERO, "");
            // cart lines come ordered by item, so concurrent orders lock items in one order and cannot deadlock
            Sql.update(c, "UPDATE item SET i_stock = CASE WHEN i_stock - ? < 10 THEN i_stock - ? + 21"
                    + " ELSE i_stock - ? END WHERE i_id = ?", qty, qty, qty, Long.parseLong(f[0]));
        }
        Sql.update(c, "INSERT INTO cc_xacts (cx_o_id, cx_type, cx_num, cx_name, cx_expire, cx_auth_id, cx_xact_amt,"
                        + " cx_xact_date, cx_co_id) SELECT ?, ?, ?, ?, ?, ?, ?, ?, addr_co_id FROM address"
                        + " WHERE addr_id = ?", order, r.oneOf("card", ShopText.CARD_TYPES), "4111111111111111",
                "card holder", java.sql.Date.valueOf(now.toLocalDateTime().toLocalDate().plusYears(1)),
                "AUTH" + order % 100_000_000_000L, total, now, cust[0]);
        Sql.update(c, "DELETE FROM shopping_cart_line WHERE scl_sc_id = ?", cart);
        return new ShopPage("Buy Confirm", List.of("order " + order, "total " + total),
                Map.of("o_id", order, "sc_id", cart, "c_id", customer));
    }

    static ShopPage orderInquiry(Connection c, ShopRequest r) throws SQLException {
        List<String> lines = new ArrayList<>(List.of("user name and password"));
        if (r.optionalId("c_id").isPresent()) {
            lines.addAll(Sql.lines(c, "SELECT c_uname FROM customer WHERE c_id = ?", r.id("c_id")));
        }
        return ShopPage.of("Order Inquiry", lines);
    }

    /** The latest order of the customer named {@code uname}, if the password matches. */
    static ShopPage orderDisplay(Connection c, ShopRequest r) throws SQLException {
        String uname = r.text("uname");
        String password = r.text("passwd");
        var found = Sql.longs(c, "SELECT c_id FROM customer WHERE c_uname = ? AND c_passwd = ?", uname, password);
        if (found.isEmpty()) {
            return ShopPage.of("Order Display", List.of("no customer with this user name and password"));
        }
        var order = Sql.longs(c, "SELECT o_id FROM orders WHERE o_c_id = ? ORDER BY o_id DESC LIMIT 1",
                found.get()[0]);
        if (order.isEmpty()) {
            return ShopPage.of("Order Display", List.of("no orders yet"));
        }
        List<String> lines = new ArrayList<>(Sql.lines(c, "SELECT o_id, o_date, o_total, o_ship_type, o_status,"
                + " cx_type, cx_xact_amt FROM orders LEFT JOIN cc_xacts ON cx_o_id = o_id WHERE o_id = ?",
                order.get()[0]));
        lines.addAll(Sql.lines(c, "SELECT ol_i_id, i_title, ol_qty FROM order_line JOIN item ON ol_i_id = i_id"
                + " WHERE ol_o_id = ? ORDER BY ol_id", order.get()[0]));
        return new ShopPage("Order Display", lines, Map.of("o_id", order.get()[0]));
    }

    /** Cart {@code sc_id}, or a new one (its key from the identity) when the browser has none yet. */
    private static long cartOf(Connection c, ShopRequest r) throws SQLException {
        return r.optionalId("sc_id").isPresent() ? existingCart(c, r.id("sc_id"))
                : Sql.insert(c, "INSERT INTO shopping_cart (sc_time) VALUES (?)", now());
    }

    static long existingCart(Connection c, long cart) throws SQLException {
        if (Sql.longs(c, "SELECT sc_id FROM shopping_cart WHERE sc_id = ?", cart).isEmpty()) {
            throw BadInputException.of("sc_id", cart, "must name a shopping cart of the store");
        }
        return cart;
    }

    private static void addItem(Connection c, long cart, long item) throws SQLException {
        BrowseTransactions.item(c, item);
        if (Sql.update(c, "UPDATE shopping_cart_line SET scl_qty = scl_qty + 1 WHERE scl_sc_id = ? AND scl_i_id = ?",
                cart, item) == 0) {
            Sql.update(c, "INSERT INTO shopping_cart_line (scl_sc_id, scl_qty, scl_i_id) VALUES (?, 1, ?)",
                    cart, item);
        }
    }

    /** A buy needs something to buy: an empty cart gets item {@code i_id}. */
    private static void fillEmptyCart(Connection c, long cart, ShopRequest r) throws SQLException {
        if (Sql.longs(c, "SELECT COUNT(*) FROM shopping_cart_line WHERE scl_sc_id = ?", cart).orElseThrow()[0] == 0) {
            addItem(c, cart, r.id("i_id"));
        }
    }

    private static long register(Connection c, ShopRequest r) throws SQLException {
        long address = Sql.insert(c, "INSERT INTO address (addr_street1, addr_street2, addr_city, addr_state,"
                        + " addr_zip, addr_co_id) VALUES (?,?,?,?,?,?)", r.text("street", "1 Main Street"), "",
                r.text("city", "Springfield"), r.text("state", "State"), r.text("zip", "00000"), r.id("co_id"));
        LocalDateTime now = LocalDateTime.now();
        long customer = Sql.insert(c, "INSERT INTO customer (c_uname, c_passwd, c_fname, c_lname, c_addr_id, c_phone,"
                        + " c_email, c_since, c_last_login, c_login, c_expiration, c_discount, c_balance, c_ytd_pmt,"
                        + " c_birthdate, c_data) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                "new" + address, "pending", r.text("fname"), r.text("lname"), address, "",
                "", java.sql.Date.valueOf(now.toLocalDate()), java.sql.Date.valueOf(now.toLocalDate()),
                Timestamp.valueOf(now), Timestamp.valueOf(now.plusHours(2)), BigDecimal.ZERO, BigDecimal.ZERO,
                BigDecimal.ZERO, java.sql.Date.valueOf("1980-01-01"), "");
        String uname = ShopText.userName(customer);
        Sql.update(c, "UPDATE customer SET c_uname = ?, c_passwd = ?, c_email = ? WHERE c_id = ?", uname,
                ShopText.password(uname), uname + "@example.com", customer);
        return customer;
    }

    private static BigDecimal subTotal(List<String> cartLines) {
        BigDecimal sum = BigDecimal.ZERO.setScale(2);
        for (String line : cartLines) {
            String[] f = line.split(" \\| ");
            sum = sum.add(new BigDecimal(f[2]).multiply(BigDecimal.valueOf(Long.parseLong(f[1]))));
        }
        return sum.setScale(2, RoundingMode.HALF_UP);
    }

    private static Timestamp now() {
        return Timestamp.valueOf(LocalDateTime.now());
    }
}
