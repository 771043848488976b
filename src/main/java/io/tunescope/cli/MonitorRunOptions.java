package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.experiment.monitor.RunMonitor;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.export.MetricsEndpoint;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The thread-monitor options of the commands that measure a load: {@code run} and {@code shop run}. */
public final class MonitorRunOptions {
    @Option(names = "--monitor", description = "Sample every thread of the measured processes during the measurement: "
            + "run's tenants, each query then given its resource metrics (summary.json, DIR/monitor/); the shop's "
            + "driver, proxy, application nodes and database, each with its threads, CPU, run-queue delay and thread "
            + "states (summary.json). --interval, --counters-every and --sampler say how; --exact and --metrics-port "
            + "apply to run.")
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

    /**
     * How the shop's monitor samples every tier's processes; null without {@code --monitor}. It samples only, so
     * {@code --exact} and {@code --metrics-port} are bad input there rather than quietly ignored.
     */
    MonitorOptions tierSampling() {
        if (sampling.metricsPort != null) {
            throw BadInputException.of("metrics-port", sampling.metricsPort, "applies to run and monitor; the "
                    + "shop's monitor reports at the end of the measurement");
        }
        if (sampling.exact) {
            throw BadInputException.of("exact", true, "applies to run and monitor; the shop's monitor samples only");
        }
        return monitor ? sampling.options() : null;
    }
}
