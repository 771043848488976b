package io.tunescope.workload.micro;

import io.tunescope.BadInputException;

import java.util.Objects;

/** One point to measure: a plan mode and a thread count; {@code jfrFile} non-null records contention into it. */
public record PointRequest(PlanMode mode, int threads, String jfrFile) {
    public PointRequest {
        Objects.requireNonNull(mode, "mode");
        if (threads < 1) {
            throw BadInputException.of("threads", threads, "must be at least 1");
        }
    }

    public boolean recordsContention() {
        return jfrFile != null;
    }
}
