package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.monitor.role.DuckDbClassifier;
import io.tunescope.monitor.role.RoleClassifier;

import java.util.Optional;

/**
 * DuckDB, embedded: a TPC-H tenant is hosted in its own agent JVM (DuckDB has no network protocol); the scale lab
 * opens it in memory in the controller. Its dialect has no {@code VALUES} statement.
 */
record DuckDbEngine() implements Engine {
    @Override
    public String id() {
        return "duckdb";
    }

    @Override
    public SqlDialect dialect() {
        return SqlDialect.DUCKDB;
    }

    @Override
    public String defaultStatement() {
        return "SELECT 1";
    }

    @Override
    public RoleClassifier threadRoles() {
        return new DuckDbClassifier();
    }

    @Override
    public Optional<Lifecycle> tenantLifecycle() {
        return Optional.of(Lifecycle.AGENT_HOSTED);
    }

    @Override
    public Optional<Lifecycle> scaleLifecycle() {
        return Optional.of(Lifecycle.IN_CONTROLLER);
    }

    @Override
    public boolean ownProcess() {
        return true;
    }

    @Override
    public Optional<String> jdbcSubprotocol() {
        return Optional.of("duckdb");
    }

    @Override
    public String inMemoryUrl() {
        return "jdbc:duckdb:";
    }

    @Override
    public KnobCatalog knobs() {
        return Catalogs.duckdb();
    }
}
