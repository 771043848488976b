package io.tunescope.experiment.plan;

import io.tunescope.engine.EngineKind;

import java.time.Duration;

/**
 * The settings every cell of a plan starts from, before its factor levels apply. Exactly one of
 * {@code iterations} (at least 1) and {@code duration} is set; {@code cpus} and {@code monitorInterval} may be null.
 */
public record PlanBase(EngineKind engine, double scaleFactor, int users, int tenants, String workload,
                       String workerLimit, String cpus, int iterations, Duration duration, int warmup,
                       Duration monitorInterval, long seed) {
    public PlanBase {
        if ((duration == null) == (iterations <= 0)) {
            throw new IllegalArgumentException("exactly one of iterations and duration");
        }
    }
}
