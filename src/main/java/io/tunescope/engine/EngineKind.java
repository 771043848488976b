package io.tunescope.engine;

import io.tunescope.BadInputException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Where a TPC-H tenant lives. */
public enum EngineKind {
    /** Embedded DuckDB, hosted in the tenant's own agent JVM (the default: nothing to set up). */
    DUCKDB,
    /** A private PostgreSQL cluster per tenant, started and stopped by tunescope. */
    POSTGRES,
    /** An existing database reached by JDBC URL; tunescope neither starts nor stops it. */
    JDBC;

    public static EngineKind parse(String text) {
        for (EngineKind kind : values()) {
            if (kind.id().equalsIgnoreCase(text.trim())) {
                return kind;
            }
        }
        throw BadInputException.of("engine", text, "must be one of " + Arrays.stream(values()).map(EngineKind::id)
                .collect(Collectors.joining(", ")));
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
