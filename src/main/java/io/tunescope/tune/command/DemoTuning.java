package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.engine.Engines;
import io.tunescope.engine.knob.Knob;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.experiment.monitor.RunMonitor;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.Revalidated;
import io.tunescope.tune.database.DatabaseTarget;
import io.tunescope.tune.database.DatabaseTargetSpec;
import io.tunescope.tune.database.Objective;
import io.tunescope.tune.session.Aggregate;
import io.tunescope.tune.session.Replication;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.Param;
import io.tunescope.tune.space.SearchSpace;
import io.tunescope.workload.WorkloadDefinition;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The short tuning session at the end of {@code tunescope demo}: DuckDB's {@code threads} and {@code memory_limit}
 * tuned for the geometric mean of the 22 TPC-H query times at scale factor 0.01, every trial a fresh monitored run,
 * under the racing trial protocol ({@link #PROTOCOL}), then default and best re-measured alternately until a
 * verdict. Built in code as the tuning-file parser would build it from a {@code target:} section, and run by the same loop as {@code tunescope tune}, so the session directory holds the
 * same journal, {@code best.json} (with {@code snippet} and {@code revalidated}) and summary.
 */
public final class DemoTuning {
    public static final int DEFAULT_TRIALS = 6;
    public static final int MIN_TRIALS = 2;
    public static final int REVALIDATE_RUNS = DatabaseTargetSpec.MIN_REVALIDATE_RUNS;
    /** The most re-validation runs of each of default and best under {@link #PROTOCOL}. */
    public static final int PROTOCOL_REVALIDATE_RUNS = 5;
    /** The half-width in points of the gain's interval at which {@link #PROTOCOL}'s re-validation stops. */
    public static final int PROTOCOL_HALF_WIDTH_PERCENT = 5;
    static final double SCALE_FACTOR = 0.01;
    static final int MEASURED_PASSES = 5;
    static final Duration RUN_TIMEOUT = Duration.ofSeconds(120);
    static final long MIN_MEMORY_LIMIT_MIB = 128;
    static final int MAX_TRIALS = 200;
    /**
     * The demo's trial protocol: racing, sized so that the session (trials of a few seconds each) ends with a verdict
     * within about 90 s on a loaded machine: two noise measurements, races of at most three slices, re-validation
     * until ±5 points or five runs of each, within 60 s.
     */
    static final TrialProtocol PROTOCOL = new TrialProtocol(TrialProtocol.Mode.RACING, 2, Replication.of(3),
            PROTOCOL_HALF_WIDTH_PERCENT, Replication.of(PROTOCOL_REVALIDATE_RUNS), 3, 0.95,
            TrialProtocol.DEFAULT_MEASUREMENTS_PER_TRIAL, Duration.ofSeconds(60));

    private DemoTuning() {
    }

    /** The demo's session: {@code trials} trials (the default configuration first) and the re-validation runs. */
    public static TuningFile tuningFile(int trials) {
        if (trials < MIN_TRIALS) {
            throw BadInputException.of("--tune-trials", trials, "must be at least " + MIN_TRIALS
                    + " (the default configuration and one other)");
        }
        if (trials > MAX_TRIALS) {
            // each trial is a TPC-H run of a few seconds: more than this is a typo, not a demo
            throw BadInputException.of("--tune-trials", trials, "must be at most " + MAX_TRIALS);
        }
        DatabaseTargetSpec spec = new DatabaseTargetSpec(Engines.byId("duckdb"), WorkloadDefinition.parse("sequence",
                false), SCALE_FACTOR, 1, 1, null, MEASURED_PASSES, Duration.ZERO, RUN_TIMEOUT,
                Objective.parse("geomean"), 1, REVALIDATE_RUNS, null);
        return new TuningFile(Path.of("demo"), List.of(), Path.of("").toAbsolutePath(), false, null, false, null,
                null, null, spec.objective().direction(), spec.timeout(), spec.repeats(), Aggregate.MEDIAN, trials,
                "gp", 1, space(spec.engine().knobs()), spec, List.of(), null, null, PROTOCOL);
    }

    /** {@code threads} from 1 to the CPU count (at least 2), {@code memory_limit} from 128 MiB to the catalog's top. */
    static SearchSpace space(KnobCatalog catalog) {
        Knob threads = catalog.knob("threads");
        long cores = ((Number) threads.defaultValue()).longValue();
        Knob memory = catalog.knob("memory_limit");
        long memoryDefault = ((Number) memory.defaultValue()).longValue();
        List<Param> params = new ArrayList<>();
        params.add(new IntParam("threads", 1, (Long) threads.validate(Math.max(2, cores)), 1, false, List.of(),
                cores));
        params.add(new IntParam("memory_limit", Math.min(MIN_MEMORY_LIMIT_MIB, memoryDefault),
                memory.max().longValue(), 1, true, List.of(), memoryDefault));
        return new SearchSpace(params, List.of());
    }

    /** Runs the session into {@code outDir}, each trial's run observed by the thread monitor (8 ms ticks). */
    public static CommandTuner.Result run(TuningFile f, Path outDir, Progress progress) throws InterruptedException {
        DatabaseTarget target = new DatabaseTarget(f.target(),
                () -> new RunMonitor(MonitorOptions.defaults(MonitorOptions.DEFAULT_INTERVAL), null));
        return CommandTuner.run(f, target, outDir, false, progress);
    }

    /** What the demo prints about the session: best trial, re-validated gain with its interval, winning settings. */
    public static List<String> verdict(BestSoFar b) {
        List<String> out = new ArrayList<>();
        if (b.best() == null) {
            out.add("tune: no trial succeeded");
            return out;
        }
        String def = b.defaultResult() == null || b.defaultResult().objective() == null ? "failed"
                : ms(b.defaultResult().objective());
        out.add("tune: best of " + b.trials() + " trials: trial " + b.best().trial() + ", geometric mean "
                + ms(b.best().objective()) + " (default configuration: " + def + "), " + b.best().config());
        Revalidated rv = b.revalidated();
        if (rv == null && b.verdict() != null) {
            out.add("tune: no configuration beat the default in its race: verdict " + b.verdict());
        } else if (rv == null || rv.improvementPercent() == null || rv.improvementCi95() == null) {
            out.add("tune: re-validation measured no gain (" + (rv == null ? "not run" : rv.failedRuns()
                    + " failed runs") + ")");
        } else {
            out.add("tune: re-validated over " + rv.runs() + " alternating runs of each: default "
                    + side(rv.defaultSide()) + ", best " + side(rv.best()));
            out.add("tune: gain of best over default " + signed(rv.improvementPercent()) + " % (95% CI "
                    + signed(rv.improvementCi95().get(0)) + " .. " + signed(rv.improvementCi95().get(1)) + " %): "
                    + significance(rv.improvementCi95()));
            if (b.verdict() != null) {
                out.add("tune: verdict " + b.verdict() + (b.verdictHalfWidthPercent() == null ? ""
                        : " (interval ±" + num1(b.verdictHalfWidthPercent()) + " points)"));
            }
        }
        out.add("tune: winning settings (" + (b.snippet() == null ? "none" : "SQL") + "):");
        if (b.snippet() != null) {
            b.snippet().lines().forEach(l -> out.add("  " + l));
        }
        return out;
    }

    /** Whether the interval of the gain says anything: it must lie wholly above (or below) zero. */
    static String significance(List<Double> ci95) {
        if (ci95.get(0) > 0) {
            return "a significant gain";
        }
        if (ci95.get(1) < 0) {
            return "the best trial's settings are significantly slower here; keep the defaults";
        }
        return "no significant gain (the interval includes 0)";
    }

    private static String side(Revalidated.Side s) {
        if (s == null || s.objective() == null) {
            return "nothing measured";
        }
        return ms(s.objective()) + (s.ci95() == null || s.ci95().size() < 2 ? ""
                : " [" + num(s.ci95().get(0)) + " .. " + num(s.ci95().get(1)) + "]");
    }

    private static String ms(double v) {
        return num(v) + " ms";
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static String num1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String signed(double v) {
        return String.format(Locale.ROOT, "%+.1f", v);
    }
}
