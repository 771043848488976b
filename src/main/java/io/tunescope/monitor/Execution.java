package io.tunescope.monitor;

import java.util.Objects;

/**
 * One execution to attribute: who ran what when, as {@code System.nanoTime()} values (taken in the controller or a
 * tenant JVM on the same machine), and on which connection: {@code connectionPid} is the server process serving the
 * user's connection (a PostgreSQL backend, from {@code pg_backend_pid()}), 0 when unknown or not one process per
 * connection.
 */
public record Execution(String tenant, int user, String query, long startNanos, long endNanos, int connectionPid) {
    /** An execution whose connection's server process is unknown: attributed by the equal-share rule. */
    public Execution(String tenant, int user, String query, long startNanos, long endNanos) {
        this(tenant, user, query, startNanos, endNanos, 0);
    }

    public Execution {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(query, "query");
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("endNanos (" + endNanos + ") must not be before startNanos ("
                    + startNanos + ")");
        }
        if (connectionPid < 0) {
            throw new IllegalArgumentException("connectionPid (" + connectionPid + ") must not be negative");
        }
    }

    /** Whether the threads serving this execution's connection are known apart from the tenant's others. */
    public boolean ownConnection() {
        return connectionPid > 0;
    }
}
