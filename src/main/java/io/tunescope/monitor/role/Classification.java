package io.tunescope.monitor.role;

import java.util.Objects;

/**
 * A thread's role and the group it is counted under in tables and metrics (e.g. {@code duck-t1}, {@code jvm-gc},
 * {@code pg-parallel-worker}); groups keep metric cardinality bounded: never one series per thread id.
 */
public record Classification(ThreadRole role, String group) {
    public Classification {
        Objects.requireNonNull(role, "role");
        if (group == null || group.isBlank()) {
            throw new IllegalArgumentException("group (" + group + ") must not be blank");
        }
    }
}
