package io.tunescope.engine;

import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.role.RoleClassifier;

import java.util.Optional;

/**
 * An engine the scale lab runs in memory inside the controller JVM: it hosts no TPC-H tenant and has no process of
 * its own to monitor, so its threads are told apart by name only. Its JDBC subprotocol is its id.
 */
abstract class InControllerEngine implements Engine {
    private final String id;
    private final String defaultStatement;
    private final String inMemoryUrl;

    InControllerEngine(String id, String defaultStatement, String inMemoryUrl) {
        this.id = id;
        this.defaultStatement = defaultStatement;
        this.inMemoryUrl = inMemoryUrl;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public SqlDialect dialect() {
        return SqlDialect.GENERIC;
    }

    @Override
    public final String defaultStatement() {
        return defaultStatement;
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
    public final Optional<Lifecycle> scaleLifecycle() {
        return Optional.of(Lifecycle.IN_CONTROLLER);
    }

    @Override
    public final boolean ownProcess() {
        return false;
    }

    @Override
    public final Optional<String> jdbcSubprotocol() {
        return Optional.of(id);
    }

    @Override
    public final String inMemoryUrl() {
        return inMemoryUrl;
    }

    @Override
    public String toString() {
        return id;
    }
}
