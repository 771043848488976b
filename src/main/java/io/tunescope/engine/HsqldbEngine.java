package io.tunescope.engine;

import java.util.Optional;

/** HyperSQL (HSQLDB), embedded in memory in the controller JVM for the scale lab. */
final class HsqldbEngine extends InControllerEngine {
    HsqldbEngine() {
        super(EngineFacts.inController("hsqldb", "VALUES 1", Optional.empty()), "jdbc:hsqldb:mem:tunescope-scale");
    }
}
