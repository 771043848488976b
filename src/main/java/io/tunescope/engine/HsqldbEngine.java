package io.tunescope.engine;

/** HyperSQL (HSQLDB), embedded in memory in the controller JVM for the scale lab. */
final class HsqldbEngine extends InControllerEngine {
    HsqldbEngine() {
        super("hsqldb", "VALUES 1", "jdbc:hsqldb:mem:tunescope-scale");
    }
}
