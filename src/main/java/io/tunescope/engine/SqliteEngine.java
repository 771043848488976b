package io.tunescope.engine;

/** SQLite, in memory in the controller JVM for the scale lab; its dialect has no {@code VALUES} statement. */
final class SqliteEngine extends InControllerEngine {
    SqliteEngine() {
        super("sqlite", "SELECT 1", "jdbc:sqlite:file:tunescope-scale?mode=memory&cache=shared");
    }

    /** SQLite locks the whole database for a write transaction. */
    @Override
    public boolean concurrentWriters() {
        return false;
    }
}
