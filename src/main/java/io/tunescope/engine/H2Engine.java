package io.tunescope.engine;

import io.tunescope.engine.knob.Catalogs;
import io.tunescope.engine.knob.KnobCatalog;

import java.util.Optional;

/**
 * H2, embedded: in memory in the controller JVM for the scale lab, and in a file database of a tenant agent JVM of its
 * own for a run of TPC-C (its SQL fits TPC-C's statements; TPC-H is not run on it).
 */
final class H2Engine extends InControllerEngine {
    H2Engine() {
        super(EngineFacts.inController("h2", "VALUES 1", Optional.of(Lifecycle.AGENT_HOSTED)),
                "jdbc:h2:mem:tunescope-scale;DB_CLOSE_DELAY=-1");
    }

    @Override
    public KnobCatalog knobs() {
        return Catalogs.h2();
    }

    /** In memory, in a JVM of its own behind H2's TCP server: fast runs and tests of the web shop. */
    @Override
    public Optional<Lifecycle> serviceTier() {
        return Optional.of(Lifecycle.SERVER_JVM);
    }
}
