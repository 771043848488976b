package io.tunescope.tune.database;

import io.tunescope.BadInputException;
import io.tunescope.engine.Engine;
import io.tunescope.workload.WorkloadDefinition;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The {@code target:} section of a tuning file: the engine (tunescope starts or hosts it), the TPC-H workload and
 * scale factor, the users, the protocol of a trial (warm-up iterations per user, then a measurement bounded by
 * {@code measure} or by {@code iterations}, then a cool-down pause), its time limit, the objective, how many runs
 * measure one configuration, how many runs of each of default and best re-validate the result at the end, and whether
 * each trial gets a fresh server or one server of the session is reconfigured live ({@link ServerMode}).
 */
public record DatabaseTargetSpec(Engine engine, WorkloadDefinition workload, double scaleFactor, int users,
                                 int warmupIterations, Duration measure, int iterations, Duration cooldown,
                                 Duration timeout, Objective objective, int repeats, int revalidateRuns,
                                 Path pgBin, ServerMode server) {
    public static final int MIN_REVALIDATE_RUNS = 3;

    /** A spec whose every trial runs on a fresh server ({@link ServerMode#FRESH}). */
    public DatabaseTargetSpec(Engine engine, WorkloadDefinition workload, double scaleFactor, int users,
                              int warmupIterations, Duration measure, int iterations, Duration cooldown,
                              Duration timeout, Objective objective, int repeats, int revalidateRuns, Path pgBin) {
        this(engine, workload, scaleFactor, users, warmupIterations, measure, iterations, cooldown, timeout,
                objective, repeats, revalidateRuns, pgBin, ServerMode.FRESH);
    }

    public DatabaseTargetSpec {
        server = server == null ? ServerMode.FRESH : server;
        if ((measure == null) == (iterations <= 0)) {
            throw BadInputException.of("target.measure/iterations", measure + "/" + iterations,
                    "give exactly one: measure (a duration) or iterations (at least 1)");
        }
        if (repeats < 1) {
            throw BadInputException.of("target.repeats", repeats, "must be at least 1");
        }
        if (revalidateRuns != 0 && revalidateRuns < MIN_REVALIDATE_RUNS) {
            throw BadInputException.of("target.revalidate", revalidateRuns,
                    "must be 0 (none) or at least " + MIN_REVALIDATE_RUNS + " runs of each of default and best");
        }
    }

    /** This target with another workload, user count and scale factor (one workload of several). */
    public DatabaseTargetSpec withWorkload(WorkloadDefinition newWorkload, int newUsers, double newScaleFactor) {
        return new DatabaseTargetSpec(engine, newWorkload, newScaleFactor, newUsers, warmupIterations, measure,
                iterations, cooldown, timeout, objective, repeats, revalidateRuns, pgBin, server);
    }

    /** This target with {@code runs} re-validation runs (0: none). */
    public DatabaseTargetSpec withRevalidateRuns(int runs) {
        return new DatabaseTargetSpec(engine, workload, scaleFactor, users, warmupIterations, measure, iterations,
                cooldown, timeout, objective, repeats, runs, pgBin, server);
    }
}
