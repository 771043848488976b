package io.tunescope.workload;

import io.tunescope.workload.mix.LoadPhase;

import java.util.List;

/**
 * The phases of a load shape on one clock shared by a tenant's users: each phase starts where the one before it ends,
 * from the moment the driver starts its users, so that every user changes phase at the same instant.
 */
final class PhaseClock {
    private final List<LoadPhase> phases;
    private final long[] endOffsetNanos;
    private volatile long startNanos;

    PhaseClock(List<LoadPhase> phases) {
        this.phases = List.copyOf(phases);
        endOffsetNanos = new long[phases.size()];
        long end = 0;
        for (int i = 0; i < phases.size(); i++) {
            end += phases.get(i).duration().toNanos();
            endOffsetNanos[i] = end;
        }
    }

    void start(long nanoTime) {
        startNanos = nanoTime;
    }

    int size() {
        return phases.size();
    }

    LoadPhase phase(int index) {
        return phases.get(index);
    }

    /** The phase at {@code nanoTime}, or {@link #size()} once the last one has ended. */
    int phaseAt(long nanoTime) {
        long offset = nanoTime - startNanos;
        for (int i = 0; i < endOffsetNanos.length; i++) {
            if (offset < endOffsetNanos[i]) {
                return i;
            }
        }
        return endOffsetNanos.length;
    }

    long startOf(int index) {
        return startNanos + (index == 0 ? 0 : endOffsetNanos[index - 1]);
    }

    long endOf(int index) {
        return startNanos + endOffsetNanos[index];
    }
}
