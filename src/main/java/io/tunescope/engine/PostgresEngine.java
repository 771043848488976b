package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.monitor.role.PostgresClassifier;

import java.util.List;
import java.util.Optional;

/**
 * PostgreSQL as a private server: tunescope runs initdb, starts it on loopback and always stops and deletes it (one
 * cluster per TPC-H tenant, one for a scale-lab run). A server reached by URL is the generic engine's.
 */
final class PostgresEngine extends DeclaredEngine {
    PostgresEngine() {
        super(EngineFacts.ownProcess("postgres", SqlDialect.POSTGRES,
                Optional.of(Lifecycle.PRIVATE_SERVER), Optional.of(Lifecycle.PRIVATE_SERVER), Optional.of("postgresql")),
                PostgresClassifier::new);
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
