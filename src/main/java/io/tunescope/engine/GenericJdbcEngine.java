package io.tunescope.engine;

import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.role.RoleClassifier;

import java.util.Optional;

/**
 * Any database reached by a JDBC URL, which tunescope neither starts nor stops. It knows no product: ANSI SQL,
 * {@code SELECT 1}, threads told apart by their names only.
 */
record GenericJdbcEngine() implements Engine {
    @Override
    public String id() {
        return "jdbc";
    }

    @Override
    public SqlDialect dialect() {
        return SqlDialect.GENERIC;
    }

    @Override
    public String defaultStatement() {
        return "SELECT 1";
    }

    @Override
    public RoleClassifier threadRoles() {
        return new NameBasedClassifier();
    }

    @Override
    public Optional<Lifecycle> tenantLifecycle() {
        return Optional.of(Lifecycle.EXTERNAL);
    }

    @Override
    public Optional<Lifecycle> scaleLifecycle() {
        return Optional.of(Lifecycle.EXTERNAL);
    }

    @Override
    public boolean ownProcess() {
        return true;
    }

    @Override
    public Optional<String> jdbcSubprotocol() {
        return Optional.empty();
    }
}
