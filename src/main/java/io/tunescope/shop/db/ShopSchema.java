package io.tunescope.shop.db;

import io.tunescope.engine.SqlDialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The ten tables of the TPC-W bookstore, in H2's, PostgreSQL's and MariaDB's SQL (their engines' {@link SqlDialect}:
 * the 14 interactions' statements are written once, in SQL all three accept; identity columns and the type of a
 * point in time differ). Rows the
 * shop creates while running (customers, addresses, orders, carts) take their keys from identity columns (sequences,
 * or MariaDB's AUTO_INCREMENT), never from {@code max()+1}; after population each identity restarts past the rows
 * loaded.
 */
public final class ShopSchema {
    /** Tables whose keys come from an identity column, with that column. */
    static final List<String[]> IDENTITIES = List.of(new String[]{"address", "addr_id"},
            new String[]{"customer", "c_id"}, new String[]{"orders", "o_id"}, new String[]{"shopping_cart", "sc_id"});

    static final List<String> TABLES = List.of("shopping_cart_line", "shopping_cart", "cc_xacts", "order_line",
            "orders", "customer", "address", "item", "author", "country");

    private ShopSchema() {
    }

    /** The tables and indexes in {@code d}'s dialect: identity columns and points in time differ. */
    private static List<String> ddl(SqlDialect d) {
        String id = d.identityColumn();
        String ts = d.timestampType();
        return List.of(
            "CREATE TABLE country (co_id INT PRIMARY KEY, co_name VARCHAR(50) NOT NULL, co_exchange DECIMAL(12,6),"
                    + " co_currency VARCHAR(18))",
            "CREATE TABLE author (a_id INT PRIMARY KEY, a_fname VARCHAR(20), a_lname VARCHAR(20), a_mname VARCHAR(20),"
                    + " a_dob DATE, a_bio VARCHAR(500))",
            "CREATE TABLE item (i_id INT PRIMARY KEY, i_title VARCHAR(60) NOT NULL, i_a_id INT NOT NULL REFERENCES"
                    + " author(a_id), i_pub_date DATE, i_publisher VARCHAR(60), i_subject VARCHAR(60) NOT NULL,"
                    + " i_desc VARCHAR(500), i_related1 INT, i_related2 INT, i_related3 INT, i_related4 INT,"
                    + " i_related5 INT, i_thumbnail VARCHAR(40), i_image VARCHAR(40), i_srp DECIMAL(15,2),"
                    + " i_cost DECIMAL(15,2), i_avail DATE, i_stock INT NOT NULL, i_isbn CHAR(13), i_page INT,"
                    + " i_backing VARCHAR(15), i_dimensions VARCHAR(25))",
            "CREATE TABLE address (addr_id" + id + ", addr_street1 VARCHAR(40), addr_street2 VARCHAR(40),"
                    + " addr_city VARCHAR(30), addr_state VARCHAR(20), addr_zip VARCHAR(10),"
                    + " addr_co_id INT NOT NULL REFERENCES country(co_id))",
            "CREATE TABLE customer (c_id" + id + ", c_uname VARCHAR(20) NOT NULL, c_passwd VARCHAR(20) NOT NULL,"
                    + " c_fname VARCHAR(17), c_lname VARCHAR(17), c_addr_id BIGINT NOT NULL REFERENCES"
                    + " address(addr_id), c_phone VARCHAR(18), c_email VARCHAR(50), c_since DATE, c_last_login DATE,"
                    + " c_login " + ts + ", c_expiration " + ts + ", c_discount DECIMAL(5,2),"
                    + " c_balance DECIMAL(15,2),"
                    + " c_ytd_pmt DECIMAL(15,2), c_birthdate DATE, c_data VARCHAR(500))",
            "CREATE TABLE orders (o_id" + id + ", o_c_id BIGINT NOT NULL REFERENCES customer(c_id),"
                    + " o_date " + ts + ","
                    + " o_sub_total DECIMAL(15,2), o_tax DECIMAL(15,2), o_total DECIMAL(15,2), o_ship_type VARCHAR(10),"
                    + " o_ship_date " + ts + ", o_bill_addr_id BIGINT, o_ship_addr_id BIGINT, o_status VARCHAR(15))",
            "CREATE TABLE order_line (ol_id INT NOT NULL, ol_o_id BIGINT NOT NULL REFERENCES orders(o_id),"
                    + " ol_i_id INT NOT NULL, ol_qty INT, ol_discount DECIMAL(5,2), ol_comments VARCHAR(110),"
                    + " PRIMARY KEY (ol_o_id, ol_id))",
            "CREATE TABLE cc_xacts (cx_o_id BIGINT PRIMARY KEY REFERENCES orders(o_id), cx_type VARCHAR(10),"
                    + " cx_num VARCHAR(20), cx_name VARCHAR(31), cx_expire DATE, cx_auth_id CHAR(15),"
                    + " cx_xact_amt DECIMAL(15,2), cx_xact_date " + ts + ", cx_co_id INT)",
            "CREATE TABLE shopping_cart (sc_id" + id + ", sc_time " + ts + ")",
            "CREATE TABLE shopping_cart_line (scl_sc_id BIGINT NOT NULL REFERENCES shopping_cart(sc_id),"
                    + " scl_qty INT NOT NULL, scl_i_id INT NOT NULL, PRIMARY KEY (scl_sc_id, scl_i_id))",
            "CREATE UNIQUE INDEX customer_uname ON customer (c_uname)",
            "CREATE INDEX item_subject ON item (i_subject, i_pub_date)",
            "CREATE INDEX item_title ON item (i_title)",
            "CREATE INDEX author_lname ON author (a_lname)",
            "CREATE INDEX orders_customer ON orders (o_c_id, o_id)",
            "CREATE INDEX order_line_item ON order_line (ol_i_id, ol_o_id)");
    }

    /** Drops the shop's tables if present and creates them empty, in {@code dialect}. */
    public static void create(Connection c, SqlDialect dialect) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String table : TABLES) {
                s.execute("DROP TABLE IF EXISTS " + table + " CASCADE");
            }
            for (String ddl : ddl(dialect)) {
                s.execute(ddl);
            }
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    /** Restarts each identity past the highest key loaded, so new rows never collide with populated ones. */
    static void restartIdentities(Connection c, SqlDialect dialect, ShopCounts loaded) throws SQLException {
        long[] next = {loaded.addresses() + 1L, loaded.customers() + 1L, loaded.orders() + 1L, 1L};
        try (Statement s = c.createStatement()) {
            for (int k = 0; k < IDENTITIES.size(); k++) {
                String[] t = IDENTITIES.get(k);
                s.execute(dialect.restartIdentity(t[0], t[1], next[k]));
            }
        }
    }
}
