package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.role.RoleClassifier;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;

/** Apache Derby, embedded in memory in the controller JVM for the scale lab (the engine of DERBY-3024). */
record DerbyEngine() implements Engine {
    private static final String DATABASE = "jdbc:derby:memory:tunescope-scale";

    @Override
    public String id() {
        return "derby";
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
        return Optional.of("derby");
    }

    @Override
    public String inMemoryUrl() {
        return DATABASE + ";create=true";
    }

    /** Derby writes derby.log into the working directory unless told otherwise: send it to {@code workDir}. */
    @Override
    public void prepare(Path workDir) {
        if (System.getProperty("derby.stream.error.file") == null) {
            System.setProperty("derby.stream.error.file", workDir.resolve("derby.log").toAbsolutePath().toString());
        }
    }

    /** An in-memory Derby database outlives its last connection until it is dropped. */
    @Override
    public void release() {
        try {
            DriverManager.getConnection(DATABASE + ";drop=true").close();
        } catch (SQLException expected) {
            // Derby reports a successful drop as SQLState 08006
        }
    }

    @Override
    public KnobCatalog knobs() {
        return Catalogs.derby();
    }
}
