package io.tunescope.experiment.scale;

import io.tunescope.BadInputException;
import io.tunescope.engine.inprocess.ConnectionSpec;
import io.tunescope.workload.micro.PlanMode;
import io.tunescope.workload.micro.Timing;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Everything one scale run needs. {@code forks} 0 measures in this JVM; N measures each (mode, threads) point N times,
 * each in a fresh JVM. {@code contention} adds, per mode, one JFR-recorded point at the largest thread count.
 */
public record ScaleOptions(ConnectionSpec spec, String statement, List<PlanMode> modes, List<Integer> threads,
                           Timing timing, int forks, boolean contention, Path outDir, long seed,
                           int bootstrapSamples) {
    public static final int MAX_THREADS = 4096;

    public ScaleOptions {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(outDir, "outDir");
        if (statement == null || statement.isBlank()) {
            throw BadInputException.of("statement", statement, "must not be empty");
        }
        if (modes.isEmpty()) {
            throw BadInputException.of("modes", modes, "must name at least one mode");
        }
        checkThreads(threads);
        checkCounts(forks, bootstrapSamples);
        modes = List.copyOf(modes.stream().distinct().toList());
        threads = List.copyOf(threads.stream().distinct().sorted().toList());
    }

    /** The forks and bootstrap refits, checked before an engine is opened (a Derby one writes a log first). */
    public static void checkCounts(int forks, int bootstrapSamples) {
        if (forks < 0) {
            throw BadInputException.of("forks", forks, "must be at least 0");
        }
        if (bootstrapSamples < 0) {
            throw BadInputException.of("bootstrap", bootstrapSamples, "must be at least 0");
        }
    }

    /** Checks thread counts before anything is started (a PostgreSQL instance takes seconds). */
    public static void checkThreads(List<Integer> threads) {
        if (threads.isEmpty()) {
            throw BadInputException.of("threads", threads, "must list at least one thread count");
        }
        for (int t : threads) {
            if (t < 1 || t > MAX_THREADS) {
                throw BadInputException.of("threads", t, "must be between 1 and " + MAX_THREADS);
            }
        }
    }

    public int maxThreads() {
        return threads.get(threads.size() - 1);
    }
}
