package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.experiment.monitor.RunMonitor;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.export.MetricsEndpoint;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The thread-monitor options of {@code tunescope run}. */
public final class MonitorRunOptions {
    @Option(names = "--monitor", description = "Sample every tenant thread during the measurement and give each query "
            + "its resource metrics (summary.json, DIR/monitor/); --interval, --counters-every, --sampler, --exact and "
            + "--metrics-port say how.")
    boolean monitor;

    @Mixin
    MonitorSamplingOptions sampling;

    RunObserver observer() {
        MonitorOptions options = sampling.options();
        Integer metricsPort = sampling.metricsPort;
        if (!monitor) {
            if (metricsPort != null) {
                throw BadInputException.of("metrics-port", metricsPort, "needs --monitor (the metrics come from it)");
            }
            if (sampling.exact) {
                throw BadInputException.of("exact", true, "needs --monitor (exact mode traces beside the samples)");
            }
            return RunObserver.NONE;
        }
        if (metricsPort != null) {
            MetricsEndpoint.checkPort(metricsPort);
        }
        return new RunMonitor(options, metricsPort, sampling.traceRoot());
    }
}
