package io.tunescope.monitor.store;

/** Receives raw samples in time order; counters are -1 where they were not read or could not be measured. */
public interface SampleVisitor {
    /**
     * Called once before the first sample with the last counters known per slot before that sample
     * ({@code {cpuNanos, voluntary, involuntary, migrations, runDelayNanos}}, -1 where unknown); slots never seen are absent.
     */
    void checkpoint(java.util.Map<Integer, long[]> lastCountersBySlot);

    void sample(int slot, long timestampNanos, char state, int core, long cpuNanos, long voluntary,
                long involuntary, long migrations, long runDelayNanos);
}
