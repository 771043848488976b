package io.tunescope.workload.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/** The three transactions of 4 % each: Order-Status (clause 2.6), Delivery (2.7) and Stock-Level (2.8). */
final class TpccReads extends TpccStatements {
    TpccReads(Connection connection, TpccTerminal terminal) {
        super(connection, terminal);
    }

    /** Order-Status: a customer's balance, last order and its lines; returns the rows read. */
    long orderStatus(TpccRandom in) throws SQLException {
        int w = terminal.warehouse();
        int d = in.uniform(1, TpccScale.DISTRICTS_PER_WAREHOUSE);
        int c = pickCustomer(in, w, d);
        long rows = 0;
        try (ResultSet rs = bound("SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = ? "
                + "AND c_d_id = ? AND c_id = ?", w, d, c).executeQuery()) {
            rows += rs.next() ? 1 : 0;
        }
        int orderId;
        try (ResultSet rs = bound("SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_w_id = ? AND o_d_id = ? "
                + "AND o_c_id = ? ORDER BY o_id DESC LIMIT 1", w, d, c).executeQuery()) {
            if (!rs.next()) {
                return rows;   // a customer without orders (none at load, but the schema allows it)
            }
            orderId = rs.getInt(1);
            rows++;
        }
        try (ResultSet rs = bound("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d "
                + "FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?", w, d, orderId).executeQuery()) {
            while (rs.next()) {
                rows++;
            }
        }
        return rows;
    }

    /**
     * Delivery, run at once rather than queued (clause 2.7.2.1 allows deferred execution; without think time the
     * queue would only add latency): the oldest undelivered order of each of the home warehouse's districts. A district
     * whose oldest order another Delivery took first is skipped, as the specification allows for an empty one.
     * Returns the orders delivered.
     */
    long delivery(TpccRandom in) throws SQLException {
        int w = terminal.warehouse();
        int carrier = in.uniform(1, 10);
        Timestamp now = new Timestamp(System.currentTimeMillis());
        long delivered = 0;
        for (int d = 1; d <= TpccScale.DISTRICTS_PER_WAREHOUSE; d++) {
            int orderId;
            try (ResultSet rs = bound("SELECT MIN(no_o_id) FROM new_order WHERE no_w_id = ? AND no_d_id = ?", w, d)
                    .executeQuery()) {
                rs.next();
                orderId = rs.getInt(1);
                if (rs.wasNull()) {
                    continue;
                }
            }
            if (update("DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?", w, d, orderId) == 0) {
                continue;
            }
            int customer;
            try (ResultSet rs = bound("SELECT o_c_id FROM orders WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?",
                    w, d, orderId).executeQuery()) {
                rs.next();
                customer = rs.getInt(1);
            }
            update("UPDATE orders SET o_carrier_id = ? WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?",
                    carrier, w, d, orderId);
            update("UPDATE order_line SET ol_delivery_d = ? WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?",
                    now, w, d, orderId);
            BigDecimal total;
            try (ResultSet rs = bound("SELECT SUM(ol_amount) FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? "
                    + "AND ol_o_id = ?", w, d, orderId).executeQuery()) {
                rs.next();
                total = rs.getBigDecimal(1);
            }
            update("UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1 "
                    + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?", total == null ? BigDecimal.ZERO : total,
                    w, d, customer);
            delivered++;
        }
        return delivered;
    }

    /** Stock-Level: the items of the district's last 20 orders whose stock is under a threshold of 10..20. */
    long stockLevel(TpccRandom in) throws SQLException {
        int w = terminal.warehouse();
        int d = terminal.district();
        int threshold = in.uniform(10, 20);
        int next;
        try (ResultSet rs = bound("SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?", w, d)
                .executeQuery()) {
            rs.next();
            next = rs.getInt(1);
        }
        try (ResultSet rs = bound("SELECT COUNT(DISTINCT s_i_id) FROM order_line, stock WHERE ol_w_id = ? "
                + "AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? AND s_w_id = ? AND s_i_id = ol_i_id "
                + "AND s_quantity < ?", w, d, next, next - 20, w, threshold).executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
