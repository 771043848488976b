package io.tunescope.monitor.fidelity;

/** Lets benchmarks in other packages start the ground-truth program. */
public final class SpinSleepChildAccess {
    private SpinSleepChildAccess() {
    }

    public static Class<?> programClass() {
        return SpinSleepProgram.class;
    }
}
