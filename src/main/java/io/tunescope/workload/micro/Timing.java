package io.tunescope.workload.micro;

import io.tunescope.BadInputException;

import java.time.Duration;

/** Warm-up, then {@code iterations} measurement iterations of {@code iterationMillis} each, per point. */
public record Timing(long warmupMillis, long iterationMillis, int iterations) {
    public Timing {
        if (warmupMillis < 0) {
            throw BadInputException.of("warmupMillis", warmupMillis, "must be at least 0");
        }
        if (iterationMillis < 10) {
            throw BadInputException.of("iterationMillis", iterationMillis, "must be at least 10");
        }
        if (iterations < 1) {
            throw BadInputException.of("iterations", iterations, "must be at least 1");
        }
    }

    /** Splits {@code measure} evenly into {@code iterations}. */
    public static Timing of(Duration warmup, Duration measure, int iterations) {
        if (iterations < 1) {
            throw BadInputException.of("iterations", iterations, "must be at least 1");
        }
        return new Timing(warmup.toMillis(), measure.toMillis() / iterations, iterations);
    }

    public long pointMillis() {
        return warmupMillis + iterationMillis * iterations;
    }
}
