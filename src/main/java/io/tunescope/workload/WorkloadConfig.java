package io.tunescope.workload;

import io.tunescope.BadInputException;

import java.time.Duration;

/**
 * What each user of a tenant runs and for how long: {@code users} closed-loop users, each running {@code definition}
 * for either {@code duration} or {@code iterations} iterations (exactly one is set; {@code iterations} is 0 when the
 * duration bounds the run), after {@code warmupIterations} that are recorded but excluded from results; a pause of
 * {@code waitAfterQuery} after each query; plain or prepared statements; the seed of the parameter streams.
 */
public record WorkloadConfig(int users, WorkloadDefinition definition, Duration waitAfterQuery, Duration duration,
                             int iterations, int warmupIterations, boolean prepared, long seed, double ratePerSec,
                             Duration latencyLimit) {
    public static final int MAX_USERS = 1024;

    /** No latency limit: no transaction is counted late. */
    public WorkloadConfig(int users, WorkloadDefinition definition, Duration waitAfterQuery, Duration duration,
                          int iterations, int warmupIterations, boolean prepared, long seed, double ratePerSec) {
        this(users, definition, waitAfterQuery, duration, iterations, warmupIterations, prepared, seed, ratePerSec,
                null);
    }

    /** A closed loop: each user starts its next execution when its last one ended (and its wait passed). */
    public WorkloadConfig(int users, WorkloadDefinition definition, Duration waitAfterQuery, Duration duration,
                          int iterations, int warmupIterations, boolean prepared, long seed) {
        this(users, definition, waitAfterQuery, duration, iterations, warmupIterations, prepared, seed, 0);
    }

    @com.fasterxml.jackson.annotation.JsonCreator
    public WorkloadConfig {
        if (!(ratePerSec >= 0) || Double.isInfinite(ratePerSec)) {
            throw BadInputException.of("rate", ratePerSec, "must be above 0 (transactions per second per tenant)");
        }
        if (users < 1 || users > MAX_USERS) {
            throw BadInputException.of("users", users, "must be between 1 and " + MAX_USERS);
        }
        if (definition == null) {
            throw BadInputException.of("workload", null, "is required");
        }
        if ((duration == null) == (iterations <= 0)) {
            throw BadInputException.of("duration/iterations", (duration == null ? "none" : duration) + "/" + iterations,
                    "give exactly one: --duration (positive) or --iterations (at least 1)");
        }
        if (duration != null && (duration.isZero() || duration.isNegative())) {
            throw BadInputException.of("duration", io.tunescope.config.DurationText.format(duration), "must be positive");
        }
        if (warmupIterations < 0) {
            throw BadInputException.of("warmup", warmupIterations, "must not be negative");
        }
        if (waitAfterQuery == null) {
            throw BadInputException.of("wait", null, "is required (0s for no pause)");
        }
        if (latencyLimit != null && (latencyLimit.isZero() || latencyLimit.isNegative())) {
            throw BadInputException.of("latency-limit", io.tunescope.config.DurationText.format(latencyLimit),
                    "must be positive");
        }
        if (waitAfterQuery.isNegative()) {
            throw BadInputException.of("wait", waitAfterQuery, "must not be negative");
        }
    }

    /** One iteration of {@code definition} per user, no warm-up, no pause, plain statements, seed 1. */
    public static WorkloadConfig of(int users, WorkloadDefinition definition) {
        return new WorkloadConfig(users, definition, Duration.ZERO, null, 1, 0, false, 1);
    }

    public WorkloadConfig withUsers(int value) {
        return new WorkloadConfig(value, definition, waitAfterQuery, duration, iterations, warmupIterations, prepared,
                seed, ratePerSec, latencyLimit);
    }

    public WorkloadConfig withDefinition(WorkloadDefinition value) {
        return new WorkloadConfig(users, value, waitAfterQuery, duration, iterations, warmupIterations, prepared,
                seed, ratePerSec, latencyLimit);
    }

    public WorkloadConfig withWaitAfterQuery(Duration value) {
        return new WorkloadConfig(users, definition, value, duration, iterations, warmupIterations, prepared, seed,
                ratePerSec, latencyLimit);
    }

    /** Bounds the measurement by time instead of iterations. */
    public WorkloadConfig withDuration(Duration value) {
        return new WorkloadConfig(users, definition, waitAfterQuery, value, 0, warmupIterations, prepared, seed,
                ratePerSec, latencyLimit);
    }

    /** Bounds the measurement by iterations per user instead of time. */
    public WorkloadConfig withIterations(int value) {
        return new WorkloadConfig(users, definition, waitAfterQuery, null, value, warmupIterations, prepared, seed,
                ratePerSec, latencyLimit);
    }

    public WorkloadConfig withWarmupIterations(int value) {
        return new WorkloadConfig(users, definition, waitAfterQuery, duration, iterations, value, prepared, seed,
                ratePerSec, latencyLimit);
    }

    public WorkloadConfig withPrepared(boolean value) {
        return new WorkloadConfig(users, definition, waitAfterQuery, duration, iterations, warmupIterations, value,
                seed, ratePerSec, latencyLimit);
    }

    /** Open load at {@code value} transactions per second per tenant (0: closed loop). */
    public WorkloadConfig withRatePerSec(double value) {
        return new WorkloadConfig(users, definition, waitAfterQuery, duration, iterations, warmupIterations, prepared,
                seed, value, latencyLimit);
    }

    /** Counts the measured transactions whose response time exceeds {@code value} (null: none counted). */
    public WorkloadConfig withLatencyLimit(Duration value) {
        return new WorkloadConfig(users, definition, waitAfterQuery, duration, iterations, warmupIterations, prepared,
                seed, ratePerSec, value);
    }

    public WorkloadConfig withSeed(long value) {
        return new WorkloadConfig(users, definition, waitAfterQuery, duration, iterations, warmupIterations, prepared,
                value, ratePerSec, latencyLimit);
    }
}
