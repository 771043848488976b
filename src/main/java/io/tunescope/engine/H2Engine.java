package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.role.RoleClassifier;

import java.util.Optional;

/** H2, embedded in memory in the controller JVM for the scale lab. */
record H2Engine() implements Engine {
    @Override
    public String id() {
        return "h2";
    }

    @Override
    public SqlDialect dialect() {
        return SqlDialect.GENERIC;
    }

    @Override
    public String defaultStatement() {
        return "VALUES 1";
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
        return Optional.of("h2");
    }

    @Override
    public String inMemoryUrl() {
        return "jdbc:h2:mem:tunescope-scale;DB_CLOSE_DELAY=-1";
    }

    @Override
    public KnobCatalog knobs() {
        return Catalogs.h2();
    }
}
