package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.monitor.role.MariaDbClassifier;
import io.tunescope.monitor.role.RoleClassifier;

import java.util.Map;
import java.util.Optional;

/**
 * MariaDB. So far tunescope only monitors a running server ({@code mariadbd} is a process of its own); it cannot
 * start one yet, so it is neither a TPC-H tenant nor a scale-lab engine, and those commands reject it. Until then a
 * MariaDB server is driven through the generic engine by its URL.
 */
record MariaDbEngine() implements Engine {
    @Override
    public String id() {
        return "mariadb";
    }

    @Override
    public SqlDialect dialect() {
        return SqlDialect.GENERIC;
    }

    @Override
    public String defaultStatement() {
        return "SELECT 1";
    }

    /** Thread names only: the instrument names of performance_schema need a connection to the server. */
    @Override
    public RoleClassifier threadRoles() {
        return new MariaDbClassifier(Map.of());
    }

    @Override
    public Optional<Lifecycle> tenantLifecycle() {
        return Optional.empty();
    }

    @Override
    public Optional<Lifecycle> scaleLifecycle() {
        return Optional.empty();
    }

    @Override
    public boolean ownProcess() {
        return true;
    }

    @Override
    public Optional<String> jdbcSubprotocol() {
        return Optional.of("mariadb");
    }

    @Override
    public KnobCatalog knobs() {
        return Catalogs.mariadb();
    }
}
