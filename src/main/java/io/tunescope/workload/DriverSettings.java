package io.tunescope.workload;

import io.tunescope.BadInputException;
import io.tunescope.engine.SqlDialect;

import java.time.Duration;

/**
 * How the users of one tenant run: how many, what, for how long (a duration or a number of iterations, after
 * {@code warmupIterations} iterations that are recorded but excluded from results), the wait after each query,
 * plain or prepared statements, and the seed of the parameter streams.
 */
public record DriverSettings(String tenant, int users, WorkloadDefinition workload, Duration waitAfterQuery,
                             Duration duration, int iterations, int warmupIterations, boolean prepared,
                             boolean validate, long seed, double scaleFactor, SqlDialect dialect) {
    public DriverSettings {
        if (users < 1) {
            throw BadInputException.of("users", users, "must be at least 1");
        }
        if (waitAfterQuery.isNegative()) {
            throw BadInputException.of("wait", waitAfterQuery, "must not be negative");
        }
        if ((duration == null) == (iterations <= 0)) {
            throw BadInputException.of("duration/iterations", duration + "/" + iterations,
                    "exactly one of a positive duration or a positive number of iterations must be given");
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw BadInputException.of("duration", duration, "must be positive");
        }
        if (warmupIterations < 0) {
            throw BadInputException.of("warmup", warmupIterations, "must not be negative");
        }
    }
}
