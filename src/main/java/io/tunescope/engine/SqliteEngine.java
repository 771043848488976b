package io.tunescope.engine;

import java.util.Optional;

/** SQLite, in memory in the controller JVM for the scale lab; its dialect has no {@code VALUES} statement. */
final class SqliteEngine extends InControllerEngine {
    SqliteEngine() {
        super(EngineFacts.inController("sqlite", "SELECT 1", Optional.empty()),
                "jdbc:sqlite:file:tunescope-scale?mode=memory&cache=shared");
    }

    /** SQLite locks the whole database for a write transaction. */
    @Override
    public boolean concurrentWriters() {
        return false;
    }
}
