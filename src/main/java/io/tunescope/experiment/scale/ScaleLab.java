package io.tunescope.experiment.scale;

import io.tunescope.SignalStop;
import io.tunescope.store.ResultsDatabase;
import io.tunescope.Progress;
import io.tunescope.analysis.scale.BusyMachine;
import io.tunescope.analysis.scale.ContentionSummary;
import io.tunescope.analysis.scale.CpuPerOpCheck;
import io.tunescope.analysis.scale.ModeContention;
import io.tunescope.analysis.scale.PairedRatio;
import io.tunescope.analysis.scale.PointResult;
import io.tunescope.analysis.scale.ScaleSummary;
import io.tunescope.analysis.scale.Verdict;
import io.tunescope.analysis.usl.UslAnalysis;
import io.tunescope.analysis.usl.UslPoint;
import io.tunescope.analysis.usl.UslResult;
import io.tunescope.config.JdbcUrls;
import io.tunescope.monitor.jfr.ContentionRecording;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.RunEnvironment;
import io.tunescope.workload.micro.PlanMode;
import io.tunescope.workload.micro.PointRequest;
import io.tunescope.workload.micro.PointRun;
import io.tunescope.workload.micro.StatementCheck;
import io.tunescope.workload.micro.Timing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Runs a scale experiment: every (mode, threads) point, in this JVM (thread count outer, mode inner, so the modes
 * are compared side by side in time) or in forks (one fresh JVM per point and fork, as JMH forks per benchmark and
 * thread count: in one JVM the code the JIT compiled for earlier points shapes later ones; see docs/benchmarks.md);
 * then, with contention on, one JFR-recorded point per mode at the largest thread count; then a USL fit per mode.
 * summary.json is rewritten after every point so a failure keeps what was measured.
 */
public final class ScaleLab {
    static final long ROUND_WARMUP_MILLIS = 300;

    /** How long SIGTERM waits for the partial summary before the JVM exits anyway. */
    static final int SIGNAL_WAIT_SECONDS = 20;
    private final ScaleOptions options;
    private final Progress progress;
    private final List<PointRun> curve = new ArrayList<>();
    private final Map<String, ModeContention> contention = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final RunEnvironment environment = RunEnvironment.capture();
    private String engineVersion = "unknown";

    public ScaleLab(ScaleOptions options, Progress progress) {
        this.options = options;
        this.progress = progress;
    }

    public ScaleSummary run() throws IOException, SQLException, InterruptedException {
        ResultsDir.createOutput(options.outDir());
        if (options.contention() && options.forks() == 0) {
            ContentionRecording.prime();
        }
        engineVersion = StatementCheck.check(options.spec(), options.statement(), options.modes());
        try (SignalStop stop = SignalStop.install("scale-stop", SIGNAL_WAIT_SECONDS)) {
            try (Progress.Task bar = progress.start("scale " + options.spec().engine(), plannedMillis(), "ms")) {
                measureCurve(bar::step);
                if (options.contention()) {
                    measureContention(bar::step);
                }
            } catch (IOException | SQLException | InterruptedException | RuntimeException e) {
                writeSummary(stop.signalled() ? "stopped by a signal (SIGTERM or Ctrl-C): the points are those "
                        + "measured until then" : "failed: " + e.getMessage(), false);
                throw e;
            }
            return writeSummary("complete", true);
        }
    }

    private void measureCurve(LongConsumer progress) throws IOException, SQLException, InterruptedException {
        Consumer<PointRun> keep = run -> {
            curve.add(run);
            writeSummary("running", false);
        };
        if (options.forks() == 0) {
            measureCurveInRounds(progress, keep);
            return;
        }
        ForkRunner forks = new ForkRunner(forkJvmArgs());
        for (int f = 0; f < options.forks(); f++) {
            for (int t : options.threads()) {
                for (PlanMode mode : options.modes()) {
                    forks.run(task(List.of(new PointRequest(mode, t, null))), mode.label() + "-" + t + "t-" + f,
                            progress, keep);
                }
            }
        }
    }

    /**
     * In this JVM the modes alternate iteration by iteration (one round = one iteration of every mode at one thread
     * count), so load from other processes on a shared machine hits all modes alike; only the first round of a
     * thread count gets the full warm-up.
     */
    private void measureCurveInRounds(LongConsumer progress, Consumer<PointRun> keep)
            throws SQLException, InterruptedException {
        Timing full = options.timing();
        for (int t : options.threads()) {
            for (int round = 0; round < full.iterations(); round++) {
                long warmup = round == 0 ? full.warmupMillis() : Math.min(full.warmupMillis(), ROUND_WARMUP_MILLIS);
                Timing timing = new Timing(warmup, full.iterationMillis(), 1);
                for (PlanMode mode : options.modes()) {
                    new MeasureTask(options.spec(), options.statement(), timing,
                            List.of(new PointRequest(mode, t, null))).runHere(progress, keep);
                }
            }
        }
    }

    /**
     * Per mode at the largest thread count: an unrecorded point and, right after it in the same JVM, the recorded
     * one, so the recording's cost is read from a side-by-side pair rather than against a point measured minutes
     * earlier.
     */
    private void measureContention(LongConsumer progress) throws IOException, SQLException, InterruptedException {
        int threads = options.maxThreads();
        for (PlanMode mode : options.modes()) {
            String jfr = ResultsDir.of(options.outDir()).contentionRecording(mode.label(), threads)
                    .toAbsolutePath().toString();
            MeasureTask task = task(List.of(new PointRequest(mode, threads, null),
                    new PointRequest(mode, threads, jfr)));
            List<PointRun> pair = new ArrayList<>();
            Consumer<PointRun> keep = run -> {
                pair.add(run);
                if (run.recordsContention()) {
                    contention.put(mode.label(), ModeContention.of(run, PointResult.of(List.of(pair.get(0)))));
                    writeSummary("running", false);
                }
            };
            if (options.forks() == 0) {
                task.runHere(progress, keep);
            } else {
                new ForkRunner(contentionForkJvmArgs()).run(task, "contention-" + mode.label(), progress, keep);
            }
        }
    }

    private MeasureTask task(List<PointRequest> points) {
        return new MeasureTask(options.spec(), options.statement(), options.timing(), points);
    }

    private List<String> forkJvmArgs() {
        String derbyLog = System.getProperty("derby.stream.error.file");
        return derbyLog == null ? List.of() : List.of("-Dderby.stream.error.file=" + derbyLog);
    }

    /**
     * A recorded fork also keeps debug information between safepoints, so JFR's execution samples name the method
     * that ran rather than the nearest point the JIT kept information for (without it, Derby's samples landed in
     * {@code HashMap$TreeNode.getTreeNode}, a method a map of a few context names never reaches).
     */
    private List<String> contentionForkJvmArgs() {
        List<String> args = new ArrayList<>(forkJvmArgs());
        args.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints"));
        return args;
    }

    private long plannedMillis() {
        long points = (long) options.modes().size() * options.threads().size() * Math.max(1, options.forks());
        long recorded = options.contention() ? 2L * options.modes().size() : 0;
        Timing t = options.timing();
        long curvePoint = options.forks() > 0 ? t.pointMillis()
                : t.pointMillis() + (t.iterations() - 1) * Math.min(t.warmupMillis(), ROUND_WARMUP_MILLIS);
        return points * curvePoint + recorded * t.pointMillis();
    }

    /**
     * The runnable threads this run itself adds to the load average (a one-minute average, so the largest thread
     * count dominates): the users, and as many server backends when the server is on this machine.
     */
    private int ownRunnableThreads() {
        boolean localServer = JdbcUrls.isLoopback(options.spec().url());
        return options.maxThreads() * (localServer ? 2 : 1);
    }

    private PointResult pointOf(PlanMode mode, int threads) {
        List<PointRun> runs = curve.stream().filter(r -> r.mode() == mode && r.threads() == threads).toList();
        return runs.isEmpty() ? null : PointResult.of(runs);
    }

    private List<PointResult> points() {
        List<PointResult> out = new ArrayList<>();
        for (PlanMode mode : options.modes()) {
            for (int t : options.threads()) {
                PointResult p = pointOf(mode, t);
                if (p != null) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    private Map<String, UslResult> fits(List<PointResult> points) {
        Map<String, UslResult> fits = new LinkedHashMap<>();
        for (PlanMode mode : options.modes()) {
            List<UslPoint> curvePoints = points.stream().filter(p -> p.mode().equals(mode.label()))
                    .map(p -> new UslPoint(p.threads(), p.opsPerSec())).toList();
            if (curvePoints.size() < 3) {
                warnings.add("usl " + mode.label() + ": " + curvePoints.size()
                        + " thread counts measured; a fit needs at least 3");
                continue;
            }
            fits.put(mode.label(), UslAnalysis.analyze(curvePoints, options.bootstrapSamples(), options.seed()));
        }
        return fits;
    }

    private ScaleSummary writeSummary(String status, boolean complete) {
        List<PointResult> points = points();
        Map<String, UslResult> usl = complete ? fits(points) : Map.of();
        List<String> allWarnings = new ArrayList<>(warnings);
        points.stream().filter(p -> p.errors() > 0).forEach(p -> allWarnings.add(p.mode() + " at " + p.threads()
                + " threads: " + p.errors() + " failed executions, first: " + p.firstError()));
        double maxLoad = points.stream().mapToDouble(PointResult::loadAverage).max().orElse(0);
        BusyMachine.warning(maxLoad, Runtime.getRuntime().availableProcessors(), ownRunnableThreads())
                .ifPresent(allWarnings::add);
        allWarnings.addAll(CpuPerOpCheck.warnings(points));
        points.stream().filter(p -> !p.jitQuiet()).forEach(p -> allWarnings.add(String.format(Locale.ROOT,
                "%s at %d threads: the JIT was still compiling after a %.1f s warm-up, so part of the measurement ran "
                        + "code not yet compiled; raise --warmup-seconds", p.mode(), p.threads(),
                p.maxWarmupMillis() / 1e3)));
        List<PairedRatio> ratios = PairedRatio.of(curve, options.threads());
        ContentionSummary contentionSummary = ContentionSummary.of(contention);
        ScaleSummary summary = new ScaleSummary(options.spec().engine(), engineVersion, options.spec().displayUrl(),
                options.statement(), options.modes().stream().map(PlanMode::label).toList(), options.threads(),
                options.timing(), options.forks(), options.contention(), options.seed(), status, points, ratios, usl,
                contentionSummary, Verdict.of(points, ratios, contentionSummary), allWarnings, environment);
        ResultsDatabase.writeWithSummary(summaryFile(), summary, List.of());
        return summary;
    }

    public Path summaryFile() {
        return ResultsDir.of(options.outDir()).summary();
    }
}
