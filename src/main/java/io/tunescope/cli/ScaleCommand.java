package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.inprocess.EngineChoice;
import io.tunescope.analysis.scale.ScaleSummary;
import io.tunescope.experiment.scale.ScaleLab;
import io.tunescope.experiment.scale.ScaleOptions;
import io.tunescope.report.scale.ScaleReport;
import io.tunescope.store.FreshOutput;
import io.tunescope.store.ResultsDir;
import io.tunescope.workload.micro.PlanMode;
import io.tunescope.workload.micro.Timing;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code tunescope scale}: throughput against threads per plan mode, USL fits, and the lock to blame. */
@Command(name = "scale", mixinStandardHelpOptions = true,
        description = {"Closed-loop micro-benchmark of one statement at several thread counts and plan modes "
                + "(shared, separate, unprepared): throughput with 95%% CI, latency percentiles, a Universal "
                + "Scalability Law fit per mode and, with --contention, a JFR hot-lock table.",
                "An embedded engine runs in this JVM, a server engine as a private instance, and jdbc drives the "
                        + "database at --url URL."})
public final class ScaleCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--engine", defaultValue = "derby", paramLabel = "ENGINE",
            completionCandidates = EngineCandidates.ScaleLab.class,
            description = "one of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    String engine;

    @Mixin
    JdbcUrlOptions jdbc;

    @Mixin
    PasswordEnvOption password;

    @Option(names = "--statement", description = "SQL to run (default: VALUES 1, or SELECT 1 where the engine "
            + "has no VALUES)")
    String statement;

    @Option(names = "--threads", split = ",", defaultValue = "1,2,4,8", description = "thread counts "
            + "(default: ${DEFAULT-VALUE})")
    List<Integer> threads;

    @Option(names = "--modes", split = ",", defaultValue = "shared,separate", description = "plan modes: shared, "
            + "separate, unprepared (default: ${DEFAULT-VALUE})")
    List<String> modes;

    @Option(names = "--seconds", defaultValue = "3", description = "measured seconds per point, split into "
            + "--iterations (default: ${DEFAULT-VALUE})")
    double seconds;

    @Option(names = "--warmup-seconds", defaultValue = "1", description = "warm-up per point (default: "
            + "${DEFAULT-VALUE})")
    double warmupSeconds;

    @Option(names = "--iterations", defaultValue = "5", description = "measurement iterations per point "
            + "(default: ${DEFAULT-VALUE})")
    int iterations;

    @Option(names = "--forks", defaultValue = "3", description = "fresh JVMs per point (mode and thread count), as "
            + "JMH forks; 0 measures every point in this JVM, where code compiled for earlier points shapes later "
            + "ones (default: ${DEFAULT-VALUE})")
    int forks;

    @Option(names = "--contention", description = "record contended monitors and parks with JFR at the largest "
            + "thread count, per mode")
    boolean contention;

    @Mixin
    ResultsDirOption out;

    @Mixin
    SeedOption seed;

    @Mixin
    BootstrapOption bootstrap;

    static final int MAX_SECONDS_PER_POINT = 3600;

    @Override
    public Integer call() throws Exception {
        Engine chosenEngine = Engines.scaleLab().byId(engine);
        jdbc.loadDriver();
        if (chosenEngine.scaleRunsAs(Lifecycle.EXTERNAL) && jdbc.url == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--engine " + chosenEngine.id()
                    + " needs --url");
        }
        Path outDir = out.dir("scale-" + engine);
        Timing timing = Timing.of(seconds("warmup-seconds", warmupSeconds, 0), seconds("seconds", seconds, 0.01),
                iterations);
        List<PlanMode> planModes = modes.stream().map(PlanMode::parse).toList();
        ScaleOptions.checkThreads(threads);
        ScaleOptions.checkCounts(forks, bootstrap.refits());
        FreshOutput.check(outDir);
        try (EngineChoice chosen = EngineChoice.open(chosenEngine, jdbc.url, jdbc.user, password.password(), outDir)) {
            ScaleOptions options = new ScaleOptions(chosen.spec(),
                    statement != null ? statement : chosen.defaultStatement(), planModes, threads, timing, forks,
                    contention, outDir, seed.seed(), bootstrap.refits());
            ScaleSummary summary = new ScaleLab(options, ProgressBar.ON_STDERR).run();
            ScaleReport.write(outDir, summary);
            System.out.print(ScaleReport.text(summary));
            ResultsDir results = ResultsDir.of(outDir);
            System.out.println("results: " + results.summary() + ", " + results.throughputPng());
            return ExitCode.OK;
        }
    }

    /** At most an hour a point: a huge value (1e20) once started a run that would never end. */
    private static Duration seconds(String field, double value, double min) {
        if (!(value >= min) || Double.isInfinite(value)) {
            throw BadInputException.of(field, value, "must be a number at least " + min);
        }
        if (value > MAX_SECONDS_PER_POINT) {
            throw BadInputException.of(field, value, "must be at most " + MAX_SECONDS_PER_POINT + " (an hour a point)");
        }
        return Duration.ofMillis(Math.round(value * 1000));
    }
}
