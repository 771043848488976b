package io.tunescope.analysis.scale;

import java.util.Locale;
import java.util.Optional;

/** Whether other processes competed for the CPUs during a run, judged from the load average. */
public final class BusyMachine {
    private BusyMachine() {
    }

    /**
     * A warning when the load average exceeds what the run's own runnable threads account for by more than the CPU
     * count: 8 users on 2 CPUs put the load at 8 by themselves, which says nothing about other processes.
     */
    public static Optional<String> warning(double maxLoadAverage, int cpus, int ownRunnableThreads) {
        if (maxLoadAverage - ownRunnableThreads <= cpus) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "machine busy: load average up to %.1f on %d CPUs during the "
                + "run, more than this run's own %d threads account for; other processes competed for the CPUs, so "
                + "absolute figures and ratios are noisy (see cpuCores per point)", maxLoadAverage, cpus,
                ownRunnableThreads));
    }
}
