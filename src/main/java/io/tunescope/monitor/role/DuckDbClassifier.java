package io.tunescope.monitor.role;

/**
 * DuckDB in a tenant JVM. DuckDB's native worker threads inherit the kernel name of the Java thread that created the
 * connection; the driver names that thread {@code duck-<tenant>} and its users' client threads
 * {@code user-<tenant>-<n>}. Everything else is a JVM internal or {@code other}.
 */
public final class DuckDbClassifier implements RoleClassifier {
    private final RoleClassifier fallback = new NameBasedClassifier();

    @Override
    public Classification classify(ThreadIdentity thread) {
        String name = thread.name();
        if (name.startsWith("duck-")) {
            return new Classification(ThreadRole.WORKER, name);
        }
        if (name.startsWith("user-")) {
            return new Classification(ThreadRole.CLIENT, NameBasedClassifier.groupName(name));
        }
        Classification other = fallback.classify(thread);
        return other.role() == ThreadRole.WORKER ? new Classification(ThreadRole.OTHER, other.group()) : other;
    }
}
