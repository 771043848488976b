package io.tunescope.workload.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;

/**
 * The two read-write transactions that make most of the mix: New-Order (clause 2.4) and Payment (clause 2.5). Each
 * counter (next order id, stock quantities, year-to-date amounts, balances) is changed by an UPDATE that computes the
 * new value itself, which locks the row first on engines that lock, so no update is lost at any isolation level.
 */
final class TpccTransactions extends TpccStatements {
    /** The SQLSTATE of the New-Orders the specification rolls back (1 %: an unused item number, so "no data"). */
    static final String ROLLED_BACK = "02000";

    TpccTransactions(Connection connection, TpccTerminal terminal) {
        super(connection, terminal);
    }

    /** New-Order: returns the order's lines; throws with {@link #ROLLED_BACK} for the 1 % on an unused item. */
    long newOrder(TpccRandom in) throws SQLException {
        int w = terminal.warehouse();
        int d = in.uniform(1, TpccScale.DISTRICTS_PER_WAREHOUSE);
        int c = in.customerId();
        int count = in.uniform(5, 15);
        boolean rollback = in.uniform(1, 100) == 1;
        long[] lines = new long[count];   // supply warehouse, item, quantity packed so that sorting orders the locks
        boolean allLocal = true;
        for (int l = 0; l < count; l++) {
            int item = rollback && l == count - 1 ? TpccScale.ITEMS + 1 : in.itemId();
            int supply = in.uniform(1, 100) == 1 ? terminal.remote(in) : w;
            allLocal &= supply == w;
            lines[l] = ((long) supply << 40) | ((long) item << 8) | in.uniform(1, 10);
        }
        // the same order of stock rows in every New-Order keeps two of them from deadlocking
        Arrays.sort(lines);
        try (ResultSet rs = bound("SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? "
                + "AND c_id = ?", w, d, c).executeQuery()) {
            rs.next();
        }
        update("UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?", w, d);
        int orderId;
        try (ResultSet rs = bound("SELECT d_next_o_id, d_tax FROM district WHERE d_w_id = ? AND d_id = ?", w, d)
                .executeQuery()) {
            rs.next();
            orderId = rs.getInt(1) - 1;
        }
        Timestamp now = new Timestamp(System.currentTimeMillis());
        update("INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local) "
                + "VALUES (?, ?, ?, ?, ?, NULL, ?, ?)", orderId, d, w, c, now, count, allLocal ? 1 : 0);
        update("INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)", orderId, d, w);
        for (int l = 0; l < count; l++) {
            int supply = (int) (lines[l] >>> 40);
            int item = (int) ((lines[l] >>> 8) & 0xFFFFFFFFL);
            int quantity = (int) (lines[l] & 0xFF);
            orderLine(orderId, d, w, l + 1, item, supply, quantity);
        }
        return count;
    }

    private void orderLine(int orderId, int d, int w, int number, int item, int supply, int quantity)
            throws SQLException {
        BigDecimal price;
        try (ResultSet rs = bound("SELECT i_price, i_name, i_data FROM item WHERE i_id = ?", item).executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("New-Order rolled back as specified: item " + item + " is unused", ROLLED_BACK);
            }
            price = rs.getBigDecimal(1);
        }
        update("UPDATE stock SET s_quantity = CASE WHEN s_quantity - ? >= 10 THEN s_quantity - ? "
                + "ELSE s_quantity - ? + 91 END, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1, "
                + "s_remote_cnt = s_remote_cnt + ? WHERE s_w_id = ? AND s_i_id = ?",
                quantity, quantity, quantity, quantity, supply == w ? 0 : 1, supply, item);
        String distInfo;
        try (ResultSet rs = bound(String.format("SELECT s_dist_%02d, s_data FROM stock WHERE s_w_id = ? AND s_i_id = ?",
                d), supply, item).executeQuery()) {
            rs.next();
            distInfo = rs.getString(1);
        }
        update("INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, "
                + "ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)",
                orderId, d, w, number, item, supply, quantity, price.multiply(BigDecimal.valueOf(quantity)), distInfo);
    }

    /** Payment: 85 % at home, 15 % for a customer of a remote warehouse; returns 1. */
    long payment(TpccRandom in) throws SQLException {
        int w = terminal.warehouse();
        int d = in.uniform(1, TpccScale.DISTRICTS_PER_WAREHOUSE);
        boolean home = in.uniform(1, 100) <= 85;
        int cw = home ? w : terminal.remote(in);
        int cd = home ? d : in.uniform(1, TpccScale.DISTRICTS_PER_WAREHOUSE);
        BigDecimal amount = TpccGenerator.cents(in.uniform(100, 500_000));
        int c = pickCustomer(in, cw, cd);
        update("UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?", amount, w);
        update("UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?", amount, w, d);
        String names;
        try (ResultSet rs = bound("SELECT w_name, d_name FROM warehouse, district WHERE w_id = ? AND d_w_id = w_id "
                + "AND d_id = ?", w, d).executeQuery()) {
            rs.next();
            names = rs.getString(1) + "    " + rs.getString(2);
        }
        update("UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, "
                + "c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
                amount, amount, cw, cd, c);
        String credit;
        try (ResultSet rs = bound("SELECT c_credit, c_balance FROM customer WHERE c_w_id = ? AND c_d_id = ? "
                + "AND c_id = ?", cw, cd, c).executeQuery()) {
            rs.next();
            credit = rs.getString(1).strip();
        }
        if (credit.equals("BC")) {
            update("UPDATE customer SET c_data = SUBSTR(CONCAT(?, c_data), 1, 500) WHERE c_w_id = ? AND c_d_id = ? "
                    + "AND c_id = ?", c + " " + cd + " " + cw + " " + d + " " + w + " " + amount + " | ", cw, cd, c);
        }
        update("INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", c, cd, cw, d, w, new Timestamp(System.currentTimeMillis()), amount,
                names.length() > 24 ? names.substring(0, 24) : names);
        return 1;
    }
}
