package io.tunescope.engine;

import io.tunescope.monitor.role.NameBasedClassifier;

import java.util.Optional;

/**
 * Any database reached by a JDBC URL, which tunescope neither starts nor stops. It knows no product: ANSI SQL,
 * {@code SELECT 1}, threads told apart by their names only.
 */
final class GenericJdbcEngine extends DeclaredEngine {
    GenericJdbcEngine() {
        super(EngineFacts.ownProcess("jdbc", SqlDialect.GENERIC,
                Optional.of(Lifecycle.EXTERNAL), Optional.of(Lifecycle.EXTERNAL), Optional.empty()),
                NameBasedClassifier::new);
    }
}
