package io.tunescope.workload.tpch;

import java.util.Locale;

/** The SQL flavour a TPC-H query text and schema are adapted to. */
public enum SqlDialect {
    DUCKDB,
    POSTGRES,
    /** Any other JDBC database: ANSI dates and intervals, no engine-specific syntax. */
    GENERIC;

    /** Picks the dialect from a JDBC URL ({@code jdbc:duckdb:...}, {@code jdbc:postgresql:...}). */
    public static SqlDialect fromJdbcUrl(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("jdbc:duckdb:")) {
            return DUCKDB;
        }
        if (lower.startsWith("jdbc:postgresql:")) {
            return POSTGRES;
        }
        return GENERIC;
    }
}
