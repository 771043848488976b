package io.tunescope.cli;

import io.tunescope.report.TuningPngs;
import io.tunescope.report.TuningReport;
import io.tunescope.experiment.TpchRunConfig;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.store.ResultsDir;
import io.tunescope.tune.command.CommandTuner;
import io.tunescope.tune.command.DemoTuning;
import io.tunescope.tune.command.TuningFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code tunescope demo}: the main job on the embedded default, then a short tuning session, nothing to set up. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"TPC-H on embedded DuckDB: one tenant, one user, all 22 queries at scale factor 0.01, "
                + "each result validated against the reference answers (same as: tunescope run --validate "
                + "--iterations 1).",
                "Then a short tuning session of DuckDB's threads and memory_limit for the geometric mean of the 22 "
                        + "query times: " + DemoTuning.DEFAULT_TRIALS + " trials (the default configuration first), "
                        + "each a fresh run under the thread monitor and raced against the best so far in paired "
                        + "runs (the racing trial protocol), then default and best re-measured alternately until the "
                        + "gain's 95%% interval is at most " + DemoTuning.PROTOCOL_HALF_WIDTH_PERCENT + " points either side or "
                        + DemoTuning.PROTOCOL_REVALIDATE_RUNS + " runs of each are spent. Prints the verdict, the "
                        + "re-validated gain with its interval and the winning SET statements; the session (journal, "
                        + "best.json) is in DIR/tune/, and its report, DIR/tune/report.html (the session, its "
                        + "verdict, convergence, knob importance and the queries' thread-level profiles under the "
                        + "default and the best configuration), is the last line printed.",
                "Exit 0 when the 22 queries validate and the session finished, also when the gain is not "
                        + "significant."})
public final class DemoCommand implements Callable<Integer> {
    @Mixin
    ResultsDirOption out;

    @Option(names = "--no-tune", description = "Stop after the validated run (the demo without its tuning session).")
    boolean noTune;

    @Option(names = "--tune-trials", paramLabel = "N", description = "Trials of the tuning session, at least "
            + DemoTuning.MIN_TRIALS + " (default: ${DEFAULT-VALUE}).")
    int tuneTrials = DemoTuning.DEFAULT_TRIALS;

    @Override
    public Integer call() throws Exception {
        TuningFile session = noTune ? null : DemoTuning.tuningFile(tuneTrials);
        Path dir = out.dir("demo");
        TpchRunConfig config = TpchRunConfig.builder()
                .validate(true)
                .iterations(1)
                .outDir(dir)
                .build();
        int validated = RunCommand.runAndReport(config, RunObserver.NONE);
        if (session == null || validated != ExitCode.OK) {
            return validated;
        }
        Path tuneDir = ResultsDir.of(dir).demoTuning().root();
        System.out.println();
        System.out.println("tune: " + tuneTrials + " trials of DuckDB's threads and memory_limit (TPC-H SF 0.01, "
                + "geometric mean of the 22 query times), each a monitored run, then re-validation ...");
        CommandTuner.Result r = DemoTuning.run(session, tuneDir, ProgressBar.ON_STDERR);
        TuningPngs.write(tuneDir);
        DemoTuning.verdict(r.best()).forEach(System.out::println);
        System.out.println("tune: journal and best.json in " + tuneDir.toAbsolutePath());
        TuningReport.Written report = TuningReport.write(tuneDir);
        System.out.println("report: " + report.html().toAbsolutePath());
        return r.best().best() == null ? ExitCode.FAILURE : ExitCode.OK;
    }
}
