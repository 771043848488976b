package io.tunescope.engine;

import java.util.Objects;
import java.util.Optional;

/**
 * What an engine declares as plain data: its id, its dialect, its statement that does next to no work, how a TPC-H
 * tenant and the scale lab run it (empty where they cannot yet), whether its threads live in a process of their own,
 * and the subprotocol of its JDBC URLs (empty for the generic engine).
 */
record EngineFacts(String id, SqlDialect dialect, String defaultStatement, Optional<Lifecycle> tenantLifecycle,
                   Optional<Lifecycle> scaleLifecycle, boolean ownProcess, Optional<String> jdbcSubprotocol) {
    EngineFacts {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(defaultStatement, "defaultStatement");
        Objects.requireNonNull(tenantLifecycle, "tenantLifecycle");
        Objects.requireNonNull(scaleLifecycle, "scaleLifecycle");
        Objects.requireNonNull(jdbcSubprotocol, "jdbcSubprotocol");
    }

    /**
     * An engine whose threads live in a process of their own (a private server, a tenant agent JVM, a database
     * reached by URL), with {@code SELECT 1} as its statement that does next to no work.
     */
    static EngineFacts ownProcess(String id, SqlDialect dialect, Optional<Lifecycle> tenantLifecycle,
                                  Optional<Lifecycle> scaleLifecycle, Optional<String> jdbcSubprotocol) {
        return new EngineFacts(id, dialect, "SELECT 1", tenantLifecycle, scaleLifecycle, true, jdbcSubprotocol);
    }

    /**
     * A library the scale lab runs in memory inside the controller JVM (no process of its own, the generic dialect,
     * its id as its JDBC subprotocol), and a TPC-H tenant runs as {@code tenantLifecycle} (empty: not at all).
     */
    static EngineFacts inController(String id, String defaultStatement, Optional<Lifecycle> tenantLifecycle) {
        return new EngineFacts(id, SqlDialect.GENERIC, defaultStatement, tenantLifecycle,
                Optional.of(Lifecycle.IN_CONTROLLER), false, Optional.of(id));
    }
}
