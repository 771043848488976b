package io.tunescope.cli;

import io.tunescope.engine.EngineSet;
import io.tunescope.engine.Engines;

import java.util.Iterator;

/**
 * The names each command's {@code --engine} takes, read from the {@link Engines} registry, so that its help
 * ({@code ${COMPLETION-CANDIDATES}}) lists a newly registered engine without an edit here.
 */
final class EngineCandidates {
    private EngineCandidates() {
    }

    private static Iterator<String> names(EngineSet engines) {
        return engines.names().iterator();
    }

    /** {@code run}: the engines that can host a tenant. */
    static final class Tenants implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return names(Engines.tenants());
        }
    }

    /** {@code scale}: the engines the scale lab runs. */
    static final class ScaleLab implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return names(Engines.scaleLab());
        }
    }

    /** {@code knobs}: the engines with a knob catalog. */
    static final class Tunable implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return names(Engines.tunable());
        }
    }

    /** {@code monitor}: the engines whose processes the monitor tells threads apart in. */
    static final class Monitored implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return names(Engines.monitored());
        }
    }
}
