package io.tunescope.monitor.session;

import io.tunescope.monitor.MonitorReport;
import io.tunescope.store.RunEnvironment;

import java.util.List;

/**
 * The {@code summary.json} of {@code tunescope monitor}: the pids watched, the mode, the sampler's interval and how
 * often it read the counters and listed threads anew (in ticks), how long it watched, the raw samples' file name, the
 * environment and the monitor's report. It lives beside its writer because nothing reads it back as a type (the
 * report itself is {@code monitor.json}); results.duckdb's tables are made from its JSON, and {@code command} tells
 * the header's type.
 */
public record MonitorSessionSummary(String command, List<Integer> pids, String mode, double intervalMillis,
                                    int countersEveryTicks, int rescanEveryTicks, long durationMillis,
                                    String rawSamples, RunEnvironment environment, MonitorReport report) {
    /** The {@code command} of every monitor session's summary. */
    public static final String COMMAND = "monitor";

    public MonitorSessionSummary {
        pids = List.copyOf(pids);
    }
}
