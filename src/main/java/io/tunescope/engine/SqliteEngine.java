package io.tunescope.engine;

import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.role.RoleClassifier;

import java.util.Optional;

/** SQLite, in memory in the controller JVM for the scale lab; its dialect has no {@code VALUES} statement. */
record SqliteEngine() implements Engine {
    @Override
    public String id() {
        return "sqlite";
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
        return Optional.empty();
    }

    @Override
    public Optional<Lifecycle> scaleLifecycle() {
        return Optional.of(Lifecycle.IN_CONTROLLER);
    }

    @Override
    public boolean ownProcess() {
        return false;
    }

    @Override
    public Optional<String> jdbcSubprotocol() {
        return Optional.of("sqlite");
    }

    @Override
    public String inMemoryUrl() {
        return "jdbc:sqlite:file:tunescope-scale?mode=memory&cache=shared";
    }
}
