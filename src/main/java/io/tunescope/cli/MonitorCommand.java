package io.tunescope.cli;

import io.tunescope.store.FreshOutput;
import io.tunescope.Progress;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.monitor.GroupTable;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.MonitorReport;
import io.tunescope.monitor.MonitoredProcess;
import io.tunescope.monitor.session.MonitorSession;
import io.tunescope.store.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code tunescope monitor}: samples every thread of running processes and reports per thread group. */
@Command(name = "monitor", mixinStandardHelpOptions = true, defaultValueProvider = CommandDefaults.class,
        description = {"Sample every thread of running processes at millisecond grain (state, core, CPU time, "
                + "context switches, migrations) and report per thread group, or as JSON; with --out also write "
                + "summary.json and the raw samples (samples.tsraw)."},
        footer = {"", "Example: tunescope monitor --pid 4242 --interval 8ms --duration 5s --json"})
public final class MonitorCommand implements Callable<Integer>, CommandDefaults.Source {
    @Option(names = "--pid", required = true, paramLabel = "PID", description = "Process to monitor (repeatable).")
    List<Integer> pids = new ArrayList<>();

    @Mixin
    MeasurementOption measurement;

    @Option(names = "--engine", defaultValue = "generic", paramLabel = "ENGINE",
            completionCandidates = EngineCandidates.Monitored.class,
            description = "Whose thread roles to tell apart: one of ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    String engine;

    @Option(names = "--children", description = "Also sample the descendants of each pid (e.g. a PostgreSQL postmaster's backends).")
    boolean children;

    @Mixin
    JsonOption json;

    @Mixin
    OptionalResultsDirOption out;

    @Mixin
    MonitorSamplingOptions sampling;

    @Option(names = "--rescan-every", defaultValue = "" + MonitorOptions.DEFAULT_RESCAN_EVERY,
            description = "Look for new threads every n-th tick (default ${DEFAULT-VALUE}).")
    int rescanEvery;

    @Override
    public Map<String, String> optionDefaults() {
        return Map.of("--duration", "5s");
    }

    @Override
    public Integer call() {
        Engine monitored = Engines.monitored().byId(engine);
        List<MonitoredProcess> processes = new ArrayList<>();
        for (int pid : pids) {
            processes.add(new MonitoredProcess("pid" + pid, pid, children, monitored.threadRoles()));
        }
        MonitorOptions options = sampling.options().withRescanEvery(rescanEvery);
        Path outDir = out.dirOrNull();
        if (outDir != null) {
            FreshOutput.create(outDir);
        }
        MonitorReport report = MonitorSession.run(new MonitorSession.Settings(processes, options,
                measurement.duration(), outDir, sampling.metricsPort,
                json.on() ? Progress.NONE : ProgressBar.ON_STDERR, sampling.traceRoot()));
        System.out.println(json.on() ? Json.toJson(report) : GroupTable.render(report));
        if (Thread.currentThread().isInterrupted()) {
            System.err.println("tunescope: monitor interrupted; reported what was measured so far");
            return ExitCode.FAILURE;
        }
        return ExitCode.OK;
    }
}
