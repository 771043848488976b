package io.tunescope.monitor.role;

/**
 * Tells a tenant thread's role. One implementation per kind of process; each engine (in {@code io.tunescope.engine})
 * hands out the one that knows its threads. This package imports nothing else of tunescope's, so the engines can
 * depend on it without a cycle.
 */
@FunctionalInterface
public interface RoleClassifier {
    Classification classify(ThreadIdentity thread);
}
