package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;

/** Apache Derby, embedded in memory in the controller JVM for the scale lab (the engine of DERBY-3024). */
final class DerbyEngine extends InControllerEngine {
    private static final String DATABASE = "jdbc:derby:memory:tunescope-scale";

    DerbyEngine() {
        super(EngineFacts.inController("derby", "VALUES 1", Optional.empty()), DATABASE + ";create=true");
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
