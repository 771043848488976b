package io.tunescope.monitor;

import io.tunescope.BadInputException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How the monitor samples.
 *
 * @param interval           time between ticks (1 ms to 10 s); every tick reads each thread's state and core
 * @param countersEveryTicks read the cumulative counters (schedstat, sched, /proc/stat) every n-th tick; they are
 *                           exact whenever read, so a larger n only blurs window edges by up to n intervals
 * @param rescanEveryTicks   list threads (and child processes) anew every n-th tick to pick up new ones
 * @param procRoot           the proc file system ({@code /proc}; tests point it at a recorded tree)
 * @param rawFile            where raw samples go; null for a temporary file removed when the recording closes
 * @param sampler            how a tick reads states: every thread's {@code stat}, or gated by {@code schedstat}
 */
public record MonitorOptions(Duration interval, int countersEveryTicks, int rescanEveryTicks, Path procRoot,
                             Path rawFile, SamplerMode sampler) {
    /** The one default interval: the CLI's default text and every monitor started without options use it. */
    public static final int DEFAULT_INTERVAL_MILLIS = 8;
    public static final String DEFAULT_INTERVAL_TEXT = DEFAULT_INTERVAL_MILLIS + "ms";
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(DEFAULT_INTERVAL_MILLIS);
    /** Counters every 8th tick: 64 ms at the default interval; see docs/benchmarks.md for the cost of each choice. */
    public static final int DEFAULT_COUNTERS_EVERY = 8;
    public static final int DEFAULT_RESCAN_EVERY = 4;

    public MonitorOptions {
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(procRoot, "procRoot");
        Objects.requireNonNull(sampler, "sampler");
        if (interval.compareTo(Duration.ofMillis(1)) < 0 || interval.compareTo(Duration.ofSeconds(10)) > 0) {
            throw BadInputException.of("interval", interval.toMillis() + "ms", "must be between 1ms and 10s");
        }
        if (countersEveryTicks < 1 || countersEveryTicks > 1000) {
            throw BadInputException.of("counters-every", countersEveryTicks, "must be between 1 and 1000");
        }
        if (rescanEveryTicks < 1 || rescanEveryTicks > 1000) {
            throw BadInputException.of("rescan-every", rescanEveryTicks, "must be between 1 and 1000");
        }
    }

    public static MonitorOptions defaults(Duration interval) {
        return new MonitorOptions(interval, DEFAULT_COUNTERS_EVERY, DEFAULT_RESCAN_EVERY, Path.of("/proc"), null, SamplerMode.FULL);
    }

    public MonitorOptions withRawFile(Path file) {
        return new MonitorOptions(interval, countersEveryTicks, rescanEveryTicks, procRoot, file, sampler);
    }

    public MonitorOptions withProcRoot(Path root) {
        return new MonitorOptions(interval, countersEveryTicks, rescanEveryTicks, root, rawFile, sampler);
    }

    public MonitorOptions withCountersEvery(int ticks) {
        return new MonitorOptions(interval, ticks, rescanEveryTicks, procRoot, rawFile, sampler);
    }

    public MonitorOptions withRescanEvery(int ticks) {
        return new MonitorOptions(interval, countersEveryTicks, ticks, procRoot, rawFile, sampler);
    }

    public MonitorOptions withSampler(SamplerMode mode) {
        return new MonitorOptions(interval, countersEveryTicks, rescanEveryTicks, procRoot, rawFile, mode);
    }
}
