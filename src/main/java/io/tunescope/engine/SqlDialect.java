package io.tunescope.engine;

/** The SQL flavour a TPC-H query text and schema are adapted to; each {@link Engine} names its own. */
public enum SqlDialect {
    DUCKDB,
    POSTGRES,
    /** MariaDB: no column list on a derived table (TPC-H Q13 becomes a common table expression). */
    MARIADB,
    /** Any other JDBC database: ANSI dates and intervals, no engine-specific syntax. */
    GENERIC
}
