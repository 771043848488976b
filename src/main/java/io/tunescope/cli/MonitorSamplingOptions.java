package io.tunescope.cli;

import io.tunescope.config.DurationText;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.SamplerMode;
import io.tunescope.monitor.trace.TracefsTracer;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * How the thread monitor samples, shared by {@code monitor} and {@code run --monitor}: the defaults are
 * {@link MonitorOptions}' own, so a command line and a monitor started in code sample alike.
 */
public final class MonitorSamplingOptions {
    @Option(names = "--interval", defaultValue = MonitorOptions.DEFAULT_INTERVAL_TEXT, paramLabel = "DURATION",
            description = "Time between samples, 1ms..10s (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--counters-every", defaultValue = "" + MonitorOptions.DEFAULT_COUNTERS_EVERY, paramLabel = "N",
            description = "Read cumulative counters (CPU ns, switches, migrations) every N-th tick; values at query "
                    + "edges are interpolated (default: ${DEFAULT-VALUE}).")
    int countersEvery;

    @Option(names = "--sampler", defaultValue = "full", paramLabel = "full|gated",
            description = "How each tick reads thread states: full (stat of every thread) or gated (schedstat of every "
                    + "thread, stat only of those that ran since the last tick or were runnable; a thread woken but "
                    + "still waiting for a CPU stays sleeping until it runs) (default: ${DEFAULT-VALUE}).")
    String sampler;

    @Option(names = "--exact",
            description = "Also trace every context switch, wake-up and migration of the monitored threads from the "
                    + "kernel's scheduler tracepoints (tracefs, needs root) and report them beside the samples (a run "
                    + "gives each query its metrics from the trace too: summary.json \"exact\", "
                    + "DIR/monitor/query-metrics-exact.csv); falls back to sampling with a one-line reason where "
                    + "tracing is not available.")
    boolean exact;

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve live Prometheus/OpenMetrics text on 127.0.0.1:PORT/metrics while sampling.")
    Integer metricsPort;

    /** The sampling options, the others ({@code rescanEvery}, the proc root) at their defaults. */
    MonitorOptions options() {
        return MonitorOptions.defaults(DurationText.parse("interval", interval))
                .withCountersEvery(countersEvery)
                .withSampler(SamplerMode.parse(sampler));
    }

    /** The tracefs root for {@code --exact}, or null to sample only. */
    Path traceRoot() {
        return exact ? TracefsTracer.DEFAULT_ROOT : null;
    }
}
