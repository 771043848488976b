package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;

/** H2, embedded in memory in the controller JVM for the scale lab. */
final class H2Engine extends InControllerEngine {
    H2Engine() {
        super("h2", "VALUES 1", "jdbc:h2:mem:tunescope-scale;DB_CLOSE_DELAY=-1");
    }

    @Override
    public KnobCatalog knobs() {
        return Catalogs.h2();
    }
}
