package io.tunescope.cli;

import io.tunescope.store.FreshOutput;
import io.tunescope.store.ResultsDir;
import io.tunescope.Progress;
import io.tunescope.config.DurationText;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.monitor.GroupTable;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.SamplerMode;
import io.tunescope.monitor.MonitorReport;
import io.tunescope.monitor.MonitoredProcess;
import io.tunescope.monitor.session.MonitorSession;
import io.tunescope.monitor.trace.TracefsTracer;
import io.tunescope.store.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code tunescope monitor}: samples every thread of running processes and reports per thread group. */
@Command(name = "monitor", mixinStandardHelpOptions = true,
        description = {"Sample every thread of running processes at millisecond grain (state, core, CPU time, "
                + "context switches, migrations) and report per thread group, or as JSON."},
        footer = {"", "Example: tunescope monitor --pid 4242 --interval 8ms --duration 5s --json"})
public final class MonitorCommand implements Callable<Integer> {
    @Option(names = "--pid", required = true, paramLabel = "PID", description = "Process to monitor (repeatable).")
    List<Integer> pids = new ArrayList<>();

    @Option(names = "--interval", defaultValue = "8ms", description = "Time between samples, 1ms..10s (default ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--duration", defaultValue = "5s", description = "How long to sample (default ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--engine", defaultValue = "generic",
            description = "Thread-role classifier: generic, duckdb, postgres, mariadb (default ${DEFAULT-VALUE}).")
    String engine;

    @Option(names = "--children", description = "Also sample the descendants of each pid (e.g. a PostgreSQL postmaster's backends).")
    boolean children;

    @Option(names = "--json", description = "Print one JSON document instead of the table.")
    boolean json;

    @Option(names = "--out", paramLabel = "DIR", description = "Write summary.json and the raw samples (samples.tsraw) here.")
    Path out;

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve live Prometheus/OpenMetrics text on 127.0.0.1:PORT/metrics while sampling.")
    Integer metricsPort;

    @Option(names = "--counters-every", defaultValue = "8",
            description = "Read cumulative counters (CPU ns, switches, migrations) every n-th tick; values at query edges are interpolated (default ${DEFAULT-VALUE}).")
    int countersEvery;

    @Option(names = "--rescan-every", defaultValue = "4",
            description = "Look for new threads every n-th tick (default ${DEFAULT-VALUE}).")
    int rescanEvery;

    @Option(names = "--sampler", defaultValue = "full", paramLabel = "full|gated",
            description = "How each tick reads thread states: full (stat of every thread) or gated (schedstat of every "
                    + "thread, stat only of those that ran since the last tick or were runnable; a thread woken but "
                    + "still waiting for a CPU stays sleeping until it runs) (default: ${DEFAULT-VALUE}).")
    String sampler;

    @Option(names = "--exact",
            description = "Also trace every context switch, wake-up and migration of the monitored threads from the "
                    + "kernel's scheduler tracepoints (tracefs, needs root) and report them beside the samples; "
                    + "falls back to sampling with a one-line reason where tracing is not available.")
    boolean exact;

    @Override
    public Integer call() {
        Engine monitored = Engines.monitored().byId(engine);
        List<MonitoredProcess> processes = new ArrayList<>();
        for (int pid : pids) {
            processes.add(new MonitoredProcess("pid" + pid, pid, children, monitored.threadRoles()));
        }
        MonitorOptions options = MonitorOptions.defaults(DurationText.parse("interval", interval))
                .withCountersEvery(countersEvery).withRescanEvery(rescanEvery)
                .withSampler(SamplerMode.parse(sampler));
        if (out != null) {
            FreshOutput.create(out);
        }
        MonitorReport report = MonitorSession.run(new MonitorSession.Settings(processes, options,
                DurationText.parse("duration", duration), out, metricsPort,
                json ? Progress.NONE : ProgressBar.ON_STDERR, exact ? TracefsTracer.DEFAULT_ROOT : null));
        System.out.println(json ? Json.toJson(report) : GroupTable.render(report));
        if (Thread.currentThread().isInterrupted()) {
            System.err.println("tunescope: monitor interrupted; reported what was measured so far");
            return ExitCode.FAILURE;
        }
        return ExitCode.OK;
    }
}
