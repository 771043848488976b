package io.tunescope.engine.mariadb;

/**
 * The SQL that {@code mariadbd --bootstrap} reads from its stdin to create tunescope's database and account: the
 * grant tables are not loaded in bootstrap mode, so the account is a row of {@code mysql.global_priv} (the form
 * {@code mariadb-install-db} itself writes), with every privilege, reachable from 127.0.0.1 only, its password
 * stored as the server's hash ({@code PASSWORD()}) and never in clear.
 */
final class MariaDbAccount {
    /** Every privilege bit, as {@code GRANT ALL ... WITH GRANT OPTION} stores it. */
    private static final String ALL_PRIVILEGES = "18446744073709551615";

    private MariaDbAccount() {
    }

    static String bootstrapSql(String user, String password, String database) {
        for (String value : new String[] {user, password, database}) {
            if (!value.matches("[A-Za-z0-9_-]+")) {
                throw new IllegalArgumentException("bootstrap values must be letters, digits, '-' or '_'");
            }
        }
        // binary collation: comparisons, grouping and order as byte strings, like PostgreSQL's C locale
        return "CREATE DATABASE `" + database + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;\n"
                + "INSERT INTO mysql.global_priv (Host, User, Priv) VALUES ('127.0.0.1', '" + user + "', "
                + "JSON_OBJECT('access', " + ALL_PRIVILEGES + ", 'plugin', 'mysql_native_password', "
                + "'authentication_string', PASSWORD('" + password + "')));\n";
    }
}
