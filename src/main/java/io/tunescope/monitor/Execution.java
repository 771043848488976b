package io.tunescope.monitor;

import java.util.Objects;

/**
 * One execution to attribute: who ran what when, as {@code System.nanoTime()} values (taken in the controller or a
 * tenant JVM on the same machine).
 */
public record Execution(String tenant, int user, String query, long startNanos, long endNanos) {
    public Execution {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(query, "query");
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("endNanos (" + endNanos + ") must not be before startNanos ("
                    + startNanos + ")");
        }
    }
}
