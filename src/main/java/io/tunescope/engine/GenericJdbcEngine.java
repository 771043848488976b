package io.tunescope.engine;

import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.role.RoleClassifier;

import java.util.Optional;

/**
 * Any database reached by a JDBC URL, which tunescope neither starts nor stops. It knows no product: ANSI SQL,
 * {@code SELECT 1}, threads told apart by their names only.
 */
record GenericJdbcEngine() implements DeclaredEngine {
    private static final EngineFacts FACTS = EngineFacts.ownProcess("jdbc", SqlDialect.GENERIC,
            Optional.of(Lifecycle.EXTERNAL), Optional.of(Lifecycle.EXTERNAL), Optional.empty());

    @Override
    public EngineFacts facts() {
        return FACTS;
    }

    @Override
    public RoleClassifier threadRoles() {
        return new NameBasedClassifier();
    }
}
