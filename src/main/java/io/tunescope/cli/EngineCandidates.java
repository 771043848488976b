package io.tunescope.cli;

import io.tunescope.engine.EngineSet;
import io.tunescope.engine.Engines;

import java.util.Iterator;
import java.util.function.Supplier;

/**
 * The names each command's {@code --engine} takes, read from the {@link Engines} registry, so that its help
 * ({@code ${COMPLETION-CANDIDATES}}) lists a newly registered engine without an edit here. Picocli makes each
 * candidates class by its no-argument constructor, hence one small class per set.
 */
abstract class EngineCandidates implements Iterable<String> {
    private final Supplier<EngineSet> engines;

    EngineCandidates(Supplier<EngineSet> engines) {
        this.engines = engines;
    }

    @Override
    public Iterator<String> iterator() {
        return engines.get().names().iterator();
    }

    /** {@code run}: the engines that can host a tenant. */
    static final class Tenants extends EngineCandidates {
        Tenants() {
            super(Engines::tenants);
        }
    }

    /** {@code scale}: the engines the scale lab runs. */
    static final class ScaleLab extends EngineCandidates {
        ScaleLab() {
            super(Engines::scaleLab);
        }
    }

    /** {@code knobs}: the engines with a knob catalog. */
    static final class Tunable extends EngineCandidates {
        Tunable() {
            super(Engines::tunable);
        }
    }

    /** {@code monitor}: the engines whose processes the monitor tells threads apart in. */
    static final class Monitored extends EngineCandidates {
        Monitored() {
            super(Engines::monitored);
        }
    }
}
