package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.monitor.role.DuckDbClassifier;

import java.util.Optional;

/**
 * DuckDB, embedded: a TPC-H tenant is hosted in its own agent JVM (DuckDB has no network protocol); the scale lab
 * opens it in memory in the controller. Its dialect has no {@code VALUES} statement.
 */
final class DuckDbEngine extends DeclaredEngine {
    DuckDbEngine() {
        super(EngineFacts.ownProcess("duckdb", SqlDialect.DUCKDB,
                Optional.of(Lifecycle.AGENT_HOSTED), Optional.of(Lifecycle.IN_CONTROLLER), Optional.of("duckdb")),
                DuckDbClassifier::new);
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
