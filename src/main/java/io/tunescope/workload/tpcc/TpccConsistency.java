package io.tunescope.workload.tpcc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The consistency conditions 1 to 4 of clause 3.3.2, checked on the whole database: each returns the rows that break
 * it (none when it holds).
 */
public final class TpccConsistency {
    /** One broken condition: its number, what it requires, and the first place it fails. */
    public record Violation(int condition, String rule, String where) {
        @Override
        public String toString() {
            return "TPC-C consistency condition " + condition + " (" + rule + ") fails at " + where;
        }
    }

    private static final String[][] CONDITIONS = {
        {"W_YTD = sum(D_YTD) per warehouse",
            "SELECT w_id, w_ytd, s FROM warehouse JOIN (SELECT d_w_id, SUM(d_ytd) AS s FROM district GROUP BY d_w_id) t "
                + "ON d_w_id = w_id WHERE w_ytd <> s ORDER BY w_id"},
        {"D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID) per district",
            "SELECT d_w_id, d_id, d_next_o_id, mo, mno FROM district "
                + "JOIN (SELECT o_w_id, o_d_id, MAX(o_id) AS mo FROM orders GROUP BY o_w_id, o_d_id) o "
                + "ON o_w_id = d_w_id AND o_d_id = d_id "
                + "JOIN (SELECT no_w_id, no_d_id, MAX(no_o_id) AS mno FROM new_order GROUP BY no_w_id, no_d_id) n "
                + "ON no_w_id = d_w_id AND no_d_id = d_id "
                + "WHERE d_next_o_id - 1 <> mo OR d_next_o_id - 1 <> mno ORDER BY d_w_id, d_id"},
        {"max(NO_O_ID) - min(NO_O_ID) + 1 = rows in NEW_ORDER per district",
            "SELECT no_w_id, no_d_id, MAX(no_o_id), MIN(no_o_id), COUNT(*) FROM new_order GROUP BY no_w_id, no_d_id "
                + "HAVING MAX(no_o_id) - MIN(no_o_id) + 1 <> COUNT(*) ORDER BY no_w_id, no_d_id"},
        {"sum(O_OL_CNT) = rows in ORDER_LINE per district",
            "SELECT o_w_id, o_d_id, s, n FROM (SELECT o_w_id, o_d_id, SUM(o_ol_cnt) AS s FROM orders "
                + "GROUP BY o_w_id, o_d_id) o JOIN (SELECT ol_w_id, ol_d_id, COUNT(*) AS n FROM order_line "
                + "GROUP BY ol_w_id, ol_d_id) l ON ol_w_id = o_w_id AND ol_d_id = o_d_id WHERE s <> n "
                + "ORDER BY o_w_id, o_d_id"},
    };

    private TpccConsistency() {
    }

    /** The conditions that fail, first row of each; empty when all four hold. */
    public static List<Violation> check(Connection connection) throws SQLException {
        List<Violation> violations = new ArrayList<>();
        try (Statement s = connection.createStatement()) {
            for (int i = 0; i < CONDITIONS.length; i++) {
                try (ResultSet rs = s.executeQuery(CONDITIONS[i][1])) {
                    if (rs.next()) {
                        violations.add(new Violation(i + 1, CONDITIONS[i][0], describe(rs)));
                    }
                }
            }
        }
        if (!connection.getAutoCommit()) {
            connection.commit();
        }
        return violations;
    }

    private static String describe(ResultSet rs) throws SQLException {
        int columns = rs.getMetaData().getColumnCount();
        List<String> values = new ArrayList<>();
        for (int c = 1; c <= columns; c++) {
            values.add(rs.getMetaData().getColumnLabel(c).toLowerCase(java.util.Locale.ROOT) + "=" + rs.getString(c));
        }
        return String.join(", ", values);
    }
}
