package io.tunescope.monitor;

import io.tunescope.BadInputException;

import java.util.Locale;

/**
 * How a tick reads each thread's state.
 * <ul>
 *   <li>{@link #FULL}: {@code stat} of every thread at every tick (state and core exact at each tick).</li>
 *   <li>{@link #GATED}: {@code schedstat} (a third of the cost) of every thread at every tick, and {@code stat} only
 *   for a thread whose schedstat moved since the last tick, that was runnable when last read, or at a counters tick
 *   (every thread then). The others keep the state and core of their last read. Blind spot: a thread woken since
 *   the last tick that still waits in a run queue has not run, so its schedstat has not moved: it stays sleeping
 *   in the samples until it gets a CPU (see docs/benchmarks.md, "A cheaper sampler").</li>
 * </ul>
 */
public enum SamplerMode {
    FULL,
    GATED;

    /** The command-line spelling: {@code full} or {@code gated}. */
    public static SamplerMode parse(String text) {
        for (SamplerMode m : values()) {
            if (m.label().equals(text)) {
                return m;
            }
        }
        throw BadInputException.of("sampler", text, "must be full or gated");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
