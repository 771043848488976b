package io.tunescope.experiment.plan;

import io.tunescope.engine.Engine;

import java.time.Duration;

/**
 * The settings every cell of a plan starts from, before its factor levels apply. Exactly one of
 * {@code iterations} (at least 1) and {@code duration} is set; {@code cpus} and {@code monitorInterval} may be null.
 * {@code permute} runs each user's sequence in a seeded random order, so a time-bound cell samples every query.
 * {@code dataCache} is the plan's {@code dataCache} as written: null for the default directory of prepared copies,
 * {@code off} to load in every tenant, or a directory (resolved by {@code store.DataCache#resolve}).
 * {@code monitorExact} adds the monitor's exact mode (the scheduler trace) beside the samples in every cell; it needs
 * {@code monitorInterval}.
 */
public record PlanBase(Engine engine, double scaleFactor, int users, int tenants, String workload,
                       String workerLimit, String cpus, int iterations, Duration duration, int warmup,
                       Duration monitorInterval, long seed, boolean permute, String dataCache, boolean monitorExact) {
    public PlanBase {
        if ((duration == null) == (iterations <= 0)) {
            throw new IllegalArgumentException("exactly one of iterations and duration");
        }
        if (monitorExact && monitorInterval == null) {
            throw new IllegalArgumentException("the exact mode needs the monitor (monitorInterval)");
        }
    }

    public PlanBase(Engine engine, double scaleFactor, int users, int tenants, String workload, String workerLimit,
                    String cpus, int iterations, Duration duration, int warmup, Duration monitorInterval, long seed,
                    boolean permute) {
        this(engine, scaleFactor, users, tenants, workload, workerLimit, cpus, iterations, duration, warmup,
                monitorInterval, seed, permute, null, false);
    }

    /** This base with another duration (and no iterations), as a plan's {@code quick} section shortens it. */
    public PlanBase withDuration(Duration newDuration) {
        return new PlanBase(engine, scaleFactor, users, tenants, workload, workerLimit, cpus, 0, newDuration, warmup,
                monitorInterval, seed, permute, dataCache, monitorExact);
    }
}
