package io.tunescope.monitor.role;

/** Tells a tenant thread's role; one implementation per engine, registered in {@link RoleClassifiers}. */
@FunctionalInterface
public interface RoleClassifier {
    Classification classify(ThreadIdentity thread);
}
