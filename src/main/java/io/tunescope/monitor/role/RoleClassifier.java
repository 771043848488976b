package io.tunescope.monitor.role;

/**
 * Tells a tenant thread's role. One implementation per kind of process; each engine (in {@code io.tunescope.engine})
 * hands out the one that knows its threads. This package imports nothing else of tunescope's, so the engines can
 * depend on it without a cycle.
 */
@FunctionalInterface
public interface RoleClassifier {
    Classification classify(ThreadIdentity thread);

    /**
     * The server process of the one client connection this thread works for, or 0 when it serves no single
     * connection (engine internals, an embedded engine's shared workers). A process-per-connection server knows it:
     * a PostgreSQL backend serves its own connection, a parallel worker its leader's.
     */
    default int connectionPid(ThreadIdentity thread) {
        return 0;
    }
}
