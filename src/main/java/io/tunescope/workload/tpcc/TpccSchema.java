package io.tunescope.workload.tpcc;

import io.tunescope.engine.SqlDialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The nine TPC-C tables (clause 1.3) with the specification's primary keys, the usual secondary indexes (customers by
 * last name, orders by customer) and {@code tpcc_c_load}, one row holding the load's NURand constants, which a run
 * needs to draw its own (clause 2.1.6.1). PostgreSQL gets its keys after the load (faster than maintaining them while
 * copying); the others get them with the table, since DuckDB cannot add a primary key to a table afterwards.
 */
public final class TpccSchema {
    /** Tables in load order; the columns of each are in the order the loader writes them. */
    public static final List<String> TABLES = List.of("item", "warehouse", "stock", "district", "customer", "history",
            "orders", "new_order", "order_line");
    private static final String MONEY = "DECIMAL(12,2)";
    private static final String RATE = "DECIMAL(4,4)";
    private static final String ADDRESS = "street_1 VARCHAR(20), %1$sstreet_2 VARCHAR(20), %1$scity VARCHAR(20), "
            + "%1$sstate CHAR(2), %1$szip CHAR(9)";

    private TpccSchema() {
    }

    static String columns(String table) {
        return switch (table) {
            case "item" -> "i_id INT NOT NULL, i_im_id INT, i_name VARCHAR(24), i_price DECIMAL(5,2), i_data VARCHAR(50)";
            case "warehouse" -> "w_id INT NOT NULL, w_name VARCHAR(10), w_" + ADDRESS.formatted("w_") + ", w_tax "
                    + RATE + ", w_ytd " + MONEY;
            case "stock" -> "s_i_id INT NOT NULL, s_w_id INT NOT NULL, s_quantity INT, " + districtInfo()
                    + "s_ytd INT, s_order_cnt INT, s_remote_cnt INT, s_data VARCHAR(50)";
            case "district" -> "d_id INT NOT NULL, d_w_id INT NOT NULL, d_name VARCHAR(10), d_" + ADDRESS.formatted("d_")
                    + ", d_tax " + RATE + ", d_ytd " + MONEY + ", d_next_o_id INT";
            case "customer" -> "c_id INT NOT NULL, c_d_id INT NOT NULL, c_w_id INT NOT NULL, c_first VARCHAR(16), "
                    + "c_middle CHAR(2), c_last VARCHAR(16), c_" + ADDRESS.formatted("c_") + ", c_phone CHAR(16), "
                    + "c_since TIMESTAMP, c_credit CHAR(2), c_credit_lim " + MONEY + ", c_discount " + RATE
                    + ", c_balance " + MONEY + ", c_ytd_payment " + MONEY + ", c_payment_cnt INT, "
                    + "c_delivery_cnt INT, c_data VARCHAR(500)";
            case "history" -> "h_c_id INT, h_c_d_id INT, h_c_w_id INT, h_d_id INT, h_w_id INT, h_date TIMESTAMP, "
                    + "h_amount DECIMAL(6,2), h_data VARCHAR(24)";
            case "orders" -> "o_id INT NOT NULL, o_d_id INT NOT NULL, o_w_id INT NOT NULL, o_c_id INT, "
                    + "o_entry_d TIMESTAMP, o_carrier_id INT, o_ol_cnt INT, o_all_local INT";
            case "new_order" -> "no_o_id INT NOT NULL, no_d_id INT NOT NULL, no_w_id INT NOT NULL";
            case "order_line" -> "ol_o_id INT NOT NULL, ol_d_id INT NOT NULL, ol_w_id INT NOT NULL, "
                    + "ol_number INT NOT NULL, ol_i_id INT, ol_supply_w_id INT, ol_delivery_d TIMESTAMP, "
                    + "ol_quantity INT, ol_amount DECIMAL(6,2), ol_dist_info CHAR(24)";
            default -> throw new IllegalArgumentException("no TPC-C table " + table);
        };
    }

    /**
     * The columns as {@code dialect} declares them: MariaDB's TIMESTAMP may default to the current time (and turn a
     * loaded null into it) where explicit defaults are off, so it gets DATETIME, which never does.
     */
    static String columns(String table, SqlDialect dialect) {
        return columns(table).replace("TIMESTAMP", dialect.timestampType());
    }

    static String primaryKey(String table) {
        return switch (table) {
            case "item" -> "i_id";
            case "warehouse" -> "w_id";
            case "stock" -> "s_w_id, s_i_id";
            case "district" -> "d_w_id, d_id";
            case "customer" -> "c_w_id, c_d_id, c_id";
            case "orders" -> "o_w_id, o_d_id, o_id";
            case "new_order" -> "no_w_id, no_d_id, no_o_id";
            case "order_line" -> "ol_w_id, ol_d_id, ol_o_id, ol_number";
            default -> null;   // history has no key in the specification
        };
    }

    static int columnCount(String table) {
        // commas inside a type such as DECIMAL(5,2) separate no columns
        return columns(table).split(",(?![^(]*\\))").length;
    }

    private static String districtInfo() {
        StringBuilder s = new StringBuilder();
        for (int d = 1; d <= TpccScale.DISTRICTS_PER_WAREHOUSE; d++) {
            s.append(String.format("s_dist_%02d CHAR(24), ", d));
        }
        return s.toString();
    }

    /** Drops any TPC-C tables and creates them empty (with their keys, except on PostgreSQL). */
    public static void create(Connection connection, SqlDialect dialect) throws SQLException {
        boolean keysLater = dialect == SqlDialect.POSTGRES;
        try (Statement s = connection.createStatement()) {
            s.execute("DROP TABLE IF EXISTS tpcc_c_load");
            for (int i = TABLES.size() - 1; i >= 0; i--) {
                s.execute("DROP TABLE IF EXISTS " + TABLES.get(i));
            }
            for (String table : TABLES) {
                String key = primaryKey(table);
                s.execute("CREATE TABLE " + table + " (" + columns(table, dialect)
                        + (key == null || keysLater ? "" : ", PRIMARY KEY (" + key + ")") + ")");
            }
            s.execute("CREATE TABLE tpcc_c_load (c_last INT, c_id INT, ol_i_id INT)");
        }
        commitIfNeeded(connection);
    }

    /** The keys PostgreSQL gets after its load, the secondary indexes everywhere, and fresh statistics. */
    public static void index(Connection connection, SqlDialect dialect) throws SQLException {
        try (Statement s = connection.createStatement()) {
            if (dialect == SqlDialect.POSTGRES) {
                for (String table : TABLES) {
                    String key = primaryKey(table);
                    if (key != null) {
                        s.execute("ALTER TABLE " + table + " ADD PRIMARY KEY (" + key + ")");
                    }
                }
            }
            s.execute("CREATE INDEX customer_by_name ON customer (c_w_id, c_d_id, c_last, c_first)");
            s.execute("CREATE INDEX orders_by_customer ON orders (o_w_id, o_d_id, o_c_id, o_id)");
            commitIfNeeded(connection);
            if (dialect == SqlDialect.POSTGRES) {
                s.execute("VACUUM ANALYZE");
            } else if (dialect == SqlDialect.DUCKDB) {
                s.execute("ANALYZE");
            } else if (dialect == SqlDialect.MARIADB) {
                s.execute("ANALYZE TABLE " + String.join(", ", TABLES));
            }
        }
    }

    /** Reads the load's NURand constants; a database without the TPC-C tables says so in one line. */
    public static CConstants loadConstants(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement();
             java.sql.ResultSet rs = s.executeQuery("SELECT c_last, c_id, ol_i_id FROM tpcc_c_load")) {
            if (!rs.next()) {
                throw new SQLException("the TPC-C tables are incomplete (tpcc_c_load is empty): load them with --load");
            }
            return new CConstants(rs.getInt(1), rs.getInt(2), rs.getInt(3));
        } catch (SQLException e) {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
            if (e.getMessage() != null && e.getMessage().startsWith("the TPC-C tables")) {
                throw e;
            }
            throw new SQLException("the database has no TPC-C tables: load them with --load (" + e.getMessage()
                    .lines().findFirst().orElse("") + ")", e.getSQLState(), e);
        }
    }

    static void commitIfNeeded(Connection connection) throws SQLException {
        if (!connection.getAutoCommit()) {
            connection.commit();
        }
    }
}
