package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.config.DurationText;
import io.tunescope.experiment.monitor.RunMonitor;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.SamplerMode;
import io.tunescope.monitor.export.MetricsEndpoint;
import io.tunescope.monitor.trace.TracefsTracer;
import picocli.CommandLine.Option;

/** The thread-monitor options of {@code tunescope run}. */
public final class MonitorRunOptions {
    @Option(names = "--monitor", description = "Sample every tenant thread during the measurement and give each query "
            + "its resource metrics (summary.json, DIR/monitor/).")
    boolean monitor;

    @Option(names = "--interval", defaultValue = "8ms", paramLabel = "DURATION",
            description = "Monitor sampling interval, 1ms..10s (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--counters-every", defaultValue = "8", paramLabel = "N",
            description = "With --monitor: read cumulative counters every N-th tick (default: ${DEFAULT-VALUE}).")
    int countersEvery;

    @Option(names = "--sampler", defaultValue = "full", paramLabel = "full|gated",
            description = "How each tick reads thread states: full (stat of every thread) or gated (schedstat of every "
                    + "thread, stat only of those that ran since the last tick or were runnable; a thread woken but "
                    + "still waiting for a CPU stays sleeping until it runs) (default: ${DEFAULT-VALUE}).")
    String sampler;

    @Option(names = "--exact", description = "With --monitor: also trace the tenants' threads from the kernel's "
            + "scheduler tracepoints (tracefs, needs root) and give each query its metrics from the trace beside the "
            + "sampled ones (summary.json \"exact\", DIR/monitor/query-metrics-exact.csv); falls back to sampling "
            + "with a one-line reason where tracing is not available.")
    boolean exact;

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "With --monitor: serve live Prometheus text on 127.0.0.1:PORT/metrics.")
    Integer metricsPort;

    RunObserver observer() {
        MonitorOptions options = MonitorOptions.defaults(DurationText.parse("interval", interval))
                .withCountersEvery(countersEvery)
                .withSampler(SamplerMode.parse(sampler));
        if (!monitor) {
            if (metricsPort != null) {
                throw BadInputException.of("metrics-port", metricsPort, "needs --monitor (the metrics come from it)");
            }
            if (exact) {
                throw BadInputException.of("exact", true, "needs --monitor (exact mode traces beside the samples)");
            }
            return RunObserver.NONE;
        }
        if (metricsPort != null) {
            MetricsEndpoint.checkPort(metricsPort);
        }
        return new RunMonitor(options, metricsPort, exact ? TracefsTracer.DEFAULT_ROOT : null);
    }
}
