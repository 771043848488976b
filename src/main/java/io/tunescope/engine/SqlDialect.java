package io.tunescope.engine;

/** The SQL flavour a TPC-H query text and schema are adapted to; each {@link Engine} names its own. */
public enum SqlDialect {
    DUCKDB,
    POSTGRES,
    /** Any other JDBC database: ANSI dates and intervals, no engine-specific syntax. */
    GENERIC
}
