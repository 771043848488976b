package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.monitor.role.PostgresClassifier;
import io.tunescope.monitor.role.RoleClassifier;

import java.util.List;
import java.util.Optional;

/**
 * PostgreSQL as a private server: tunescope runs initdb, starts it on loopback and always stops and deletes it (one
 * cluster per TPC-H tenant, one for a scale-lab run). A server reached by URL is the generic engine's.
 */
record PostgresEngine() implements Engine {
    @Override
    public String id() {
        return "postgres";
    }

    @Override
    public SqlDialect dialect() {
        return SqlDialect.POSTGRES;
    }

    @Override
    public String defaultStatement() {
        return "SELECT 1";
    }

    @Override
    public RoleClassifier threadRoles() {
        return new PostgresClassifier();
    }

    @Override
    public Optional<Lifecycle> tenantLifecycle() {
        return Optional.of(Lifecycle.PRIVATE_SERVER);
    }

    @Override
    public Optional<Lifecycle> scaleLifecycle() {
        return Optional.of(Lifecycle.PRIVATE_SERVER);
    }

    @Override
    public boolean ownProcess() {
        return true;
    }

    @Override
    public Optional<String> jdbcSubprotocol() {
        return Optional.of("postgresql");
    }

    @Override
    public KnobCatalog knobs() {
        return Catalogs.postgres();
    }

    @Override
    public Optional<Lifecycle> serviceTier() {
        return Optional.of(Lifecycle.PRIVATE_SERVER);
    }

    /** Room for every application node's pool, and 128 MB of shared buffers. */
    @Override
    public List<String> serviceTierSettings() {
        return List.of("max_connections = 200", "shared_buffers = 128MB");
    }

    /** {@code ALTER SYSTEM}, then a reload or a restart ({@code engine.postgres.LiveSettings}). */
    @Override
    public boolean liveSettings() {
        return true;
    }
}
