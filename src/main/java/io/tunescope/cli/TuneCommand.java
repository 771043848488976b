package io.tunescope.cli;

import io.tunescope.BadInputException;
import io.tunescope.report.TuningPngs;
import io.tunescope.store.FreshOutput;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;
import io.tunescope.store.TuningSummary;
import io.tunescope.tune.command.ClusterFile;
import io.tunescope.tune.command.ClusterFileParser;
import io.tunescope.tune.command.ClusterTuner;
import io.tunescope.tune.command.CommandTuner;
import io.tunescope.tune.command.StudyChoice;
import io.tunescope.tune.command.TuningFile;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.tune.command.WorkloadsTuner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code tunescope tune TUNING.yaml}: tunes an external command, like Active Harmony's {@code tuna}. */
@Command(name = "tune", mixinStandardHelpOptions = true,
        description = "Tune an external command: each trial runs it with a configuration passed as arguments or "
                + "environment variables and reads the objective from its output or run time. Every completed trial "
                + "is journaled (fsync) in the output directory; --resume continues after a crash or kill -9. A tuning "
                + "file with a target: section tunes a database running TPC-H instead; with a workloads: list it tunes "
                + "for each workload and then measures each workload's best on every workload (matrix.json). With --study "
                + "the trials go to a PostgreSQL study store that several tuner processes may share (password from "
                + "$TUNESCOPE_STUDY_PASSWORD); --resume DIR finds the study again. A file with a cluster: section "
                + "compares the cluster tuning modes (default, duplication, partitioning) on one cluster and writes "
                + "cluster.json.")
public final class TuneCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "TUNING.yaml", description = "The tuning file.")
    Path file;

    @Option(names = "--out", description = "Output directory (journal, best.json, summary.json, convergence.png).")
    Path out;

    @Option(names = "--resume", paramLabel = "DIR", description = "Continue the session journaled in DIR, with the "
            + "--budget, --strategy and --seed it started with (a --budget given here replaces its budget).")
    Path resume;

    @Option(names = "--budget", description = "Override the file's trial budget.")
    Integer budget;

    @Option(names = "--strategy", description = "Override the file's strategy.")
    String strategy;

    @Option(names = "--seed", description = "Override the file's seed.")
    Long seed;

    @Option(names = "--knowledge-base", paramLabel = "DIR", description = "Workload mapping (a database target): "
            + "profile the workload from the monitored default trial, start from the best configurations of the most "
            + "similar past workload in DIR, and add this session to DIR at the end ('default': ~/.tunescope/knowledge).")
    Path knowledgeBase;

    @Mixin
    StudyOptions study;

    @Override
    public Integer call() throws Exception {
        Path dir = resume != null ? resume : out;
        if (dir == null) {
            throw BadInputException.of("--out", "missing", "is required (or --resume DIR)");
        }
        if (resume == null) {
            FreshOutput.check(dir);    // before anything is written there, the tuning file's reference included
        } else {
            FreshOutput.checkPlace(dir);
        }
        Path tuning = tuningFile();
        if (ClusterFileParser.isClusterFile(tuning)) {
            if (resume != null) {
                throw BadInputException.of("--resume", resume, "is not supported for a cluster: tuning file (each "
                        + "mode's tuners are journaled, but a comparison starts afresh: use a new --out)");
            }
            return cluster(tuning, dir);
        }
        if (io.tunescope.tune.command.ClusterLineTuner.isLineFile(tuning)) {
            return clusterLine(tuning, dir);
        }
        if (resume != null) {
            keepOverrides(TuningDir.of(resume).searchOverrides());
        }
        TuningFile f = withKnowledgeBase(override(TuningFileParser.read(tuning)));
        f.clampedDefaults().forEach(line -> System.err.println("tune: " + line));
        if (study.study != null && !f.workloads().isEmpty()) {
            throw BadInputException.of("--study", study.study, "is for one session (this tuning file has a "
                    + "workloads: list, one session per workload)");
        }
        try (StudyChoice choice = StudyChoice.open(new StudyChoice.Options(study.study, study.name, study.user,
                study.password()), dir, resume != null)) {
            if (resume == null) {
                choice.startIn(dir, tuning);
                if (budget != null || strategy != null || seed != null) {
                    Json.writeAtomically(TuningDir.of(dir).searchOverrides(), new SearchOverrides(budget, strategy, seed));
                }
            }
            if (resume != null && choice.location() == null) {
                io.tunescope.tune.session.Journal.tornLine(resume).ifPresent(torn -> System.err.println("tune: " + torn));
            }
            int exit = f.workloads().isEmpty() ? single(f, dir, choice) : workloads(f, dir);
            TuningPngs.write(dir);
            return exit;
        }
    }

    private int single(TuningFile f, Path dir, StudyChoice choice) throws Exception {
        CommandTuner.Result r = CommandTuner.run(f, dir, choice.location(), resume != null, ProgressBar.ON_STDERR);
        System.out.println(Json.toJson(r.best()));
        if (f.knowledgeBase() != null) {
            System.err.println("tune: workload mapping: " + mapping(dir));
        }
        System.err.println("tune: " + r.newTrials() + " new trial(s)" + (r.exhausted() ? ", search space exhausted" : "")
                + "; results in " + dir);
        var rv = r.best().revalidated();
        if (rv != null && rv.improvementPercent() != null) {
            System.err.println("tune: re-validated improvement of best over default " + rv.improvementPercent()
                    + " % (95% CI " + rv.improvementCi95() + ", " + rv.runs() + " alternating runs of each, "
                    + rv.failedRuns() + " failed)");
        }
        if (!r.importance().isEmpty()) {
            System.err.println("tune: parameter importance (main-effect share of the surrogate's variance): "
                    + r.importance().stream().map(i -> i.parameter() + " " + i.share())
                    .collect(java.util.stream.Collectors.joining(", ")));
        }
        if (r.best().best() == null) {
            System.err.println("tune: no trial succeeded; the reasons are in " + choice.describe(dir)
                    + " and " + TuningDir.of(dir).logs());
            return ExitCode.FAILURE;
        }
        return ExitCode.OK;
    }

    /** A file with a clusterLine: section: one work line's tuner process of {@code partitioning: processes}. */
    private int clusterLine(Path tuning, Path dir) throws Exception {
        if (resume != null || budget != null || strategy != null || seed != null || knowledgeBase != null) {
            throw BadInputException.of(resume != null ? "--resume" : "--budget/--strategy/--seed/--knowledge-base",
                    "given", "is not for a clusterLine: file (its controller sets the search and does not restart it)");
        }
        if (study.study == null || study.study.equals("postgres")) {
            throw BadInputException.of("--study", study.study == null ? "missing" : study.study, "must be the URL "
                    + "of the study store that holds the comparison's rounds (a clusterLine: file)");
        }
        try (StudyChoice choice = StudyChoice.open(new StudyChoice.Options(study.study, study.name, study.user,
                study.password()), dir, false)) {
            choice.startIn(dir, tuning);
            CommandTuner.Result r = io.tunescope.tune.command.ClusterLineTuner.run(tuning, dir, choice.location(),
                    study.study, study.user, study.password(), ProgressBar.ON_STDERR);
            System.out.println(Json.toJson(r.best()));
            TuningPngs.write(dir);
            return r.best().best() == null ? ExitCode.FAILURE : ExitCode.OK;
        }
    }

    /** A file with a cluster: section: compares the tuning modes (cluster.json; a table of the modes on stderr). */
    private int cluster(Path tuning, Path dir) throws Exception {
        if (knowledgeBase != null) {
            throw BadInputException.of("--knowledge-base", knowledgeBase, "is for a database target, not a cluster: "
                    + "section");
        }
        checkOverrides();
        ClusterFile f = ClusterFileParser.read(tuning).withSearch(budget, strategy, seed);
        ResultsDir.createOutput(dir);
        Files.writeString(TuningDir.of(dir).tuningFileReference(), tuning.toAbsolutePath() + "\n");
        var r = ClusterTuner.run(f, dir, ProgressBar.ON_STDERR);
        TuningPngs.write(dir);
        System.out.println(Json.toJson(r.result().modes().stream().map(m -> new ModeRow(m.mode(), m.trials(),
                m.bestWips(), m.trialsTo95Percent(), m.wipsStdDuringTuning())).toList()));
        for (var m : r.result().modes()) {
            System.err.println("tune: " + m.mode() + ": best " + m.bestWips() + " WIPS, within 95 % of "
                    + r.result().referenceWips() + (m.trialsTo95Percent() == null ? " never"
                    : " at trial " + m.trialsTo95Percent()) + ", std during tuning "
                    + m.wipsStdDuringTuning() + " WIPS over " + m.trials() + " trials"
                    + (m.excludedNodes().isEmpty() ? "" : ", excluded " + m.excludedNodes().stream()
                    .map(x -> x.node() + " (trial " + x.trial() + ")").toList()));
        }
        var reconfiguration = r.result().reconfiguration();
        if (reconfiguration != null) {
            System.err.println("tune: reconfiguration: " + reconfiguration.moves().size() + " move(s) " + reconfiguration
                    .moves().stream().map(x -> x.node() + " " + x.from() + "->" + x.to()).toList() + ", WIPS before "
                    + (reconfiguration.before() == null ? "-" : reconfiguration.before().wips()) + ", after "
                    + (reconfiguration.after() == null ? "-" : reconfiguration.after().wips())
                    + (reconfiguration.error() == null ? "" : ", error: " + reconfiguration.error()));
        }
        System.err.println("tune: results in " + dir + " (" + TuningDir.of(dir).cluster().getFileName() + ", "
                + TuningDir.of(dir).clusterPng().getFileName() + ", one journal per tuner under <mode>/tuners/)");
        return r.result().referenceWips() == null ? ExitCode.FAILURE : ExitCode.OK;
    }

    /** What stdout shows of each mode of a cluster comparison (cluster.json has the rest). */
    record ModeRow(String mode, int trials, Double bestWips, Integer trialsTo95Percent, Double wipsStdDuringTuning) {
    }

    /** A session tuned for several workloads: prints the matrix (JSON on stdout, a table on stderr). */
    private int workloads(TuningFile f, Path dir) throws InterruptedException {
        WorkloadsTuner.Result r = WorkloadsTuner.run(f, dir, resume != null, ProgressBar.ON_STDERR);
        if (r.matrix() == null) {
            System.err.println("tune: a workload had no successful trial, so there is no cross-apply matrix; the "
                    + "reasons are in each journal under " + TuningDir.of(dir).workload("*").root());
            return ExitCode.FAILURE;
        }
        System.out.println(Json.toJson(r.matrix()));
        System.err.println("tune: cross-apply matrix, improvement over each workload's default in % (95% CI), "
                + r.matrix().runs() + " alternating runs per cell; rows tuned for, columns measured on:");
        for (String tunedFor : r.matrix().workloads()) {
            StringBuilder row = new StringBuilder("  " + tunedFor + ":");
            for (String on : r.matrix().workloads()) {
                var c = r.matrix().cell(tunedFor, on);
                row.append("  on ").append(on).append(' ').append(c.improvementPercent()).append(' ')
                        .append(c.improvementCi95());
            }
            System.err.println(row);
        }
        System.err.println("tune: results in " + dir + " (" + TuningDir.of(dir).matrix().getFileName() + ", "
                + TuningDir.of(dir).matrixPng().getFileName() + ", one session per workload under "
                + TuningDir.of(dir).workload("NAME").root().getParent().getFileName() + "/)");
        return ExitCode.OK;
    }

    private static String mapping(Path dir) throws java.io.IOException {
        TuningSummary summary = TuningSummary.read(TuningDir.of(dir).summary());
        TuningSummary.Match m = summary == null ? null : summary.mapping();
        return m == null ? "no similar past workload (or no profile); this session was added"
                : "started from " + m.suggested() + " best configuration(s) of " + m.workload() + " (" + m.users()
                + " user(s), SF " + m.scaleFactor() + "), profile distance " + m.distance();
    }

    private TuningFile withKnowledgeBase(TuningFile f) {
        if (knowledgeBase == null) {
            return f;
        }
        if (f.target() == null) {
            throw BadInputException.of("--knowledge-base", knowledgeBase, "needs a tuning file with a target: "
                    + "section (workload mapping is for databases)");
        }
        return f.withKnowledgeBase(knowledgeBase.toString().equals("default")
                ? io.tunescope.store.KnowledgeBase.defaultDirectory() : knowledgeBase);
    }

    /** The tuning file given, or on resume the one the session started with. */
    private Path tuningFile() throws java.io.IOException {
        if (file != null) {
            return file;
        }
        if (resume == null) {
            throw BadInputException.of("TUNING.yaml", "missing", "is required");
        }
        Path reference = TuningDir.of(resume).tuningFileReference();
        if (!Files.isRegularFile(reference)) {
            throw BadInputException.of("--resume", resume, "must be a directory written by tune (it has no "
                    + reference.getFileName() + ")");
        }
        return Path.of(Files.readString(reference).trim());
    }

    /** The command line's overrides a session started with, kept beside its journal for {@code --resume}. */
    record SearchOverrides(Integer budget, String strategy, Long seed) {
    }

    /** On resume: the overrides the session started with, where this command line gives none. */
    private void keepOverrides(Path file) throws java.io.IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        SearchOverrides started = Json.read(file, SearchOverrides.class);
        budget = budget != null ? budget : started.budget();
        strategy = strategy != null ? strategy : started.strategy();
        seed = seed != null ? seed : started.seed();
    }

    private TuningFile override(TuningFile f) {
        if (budget == null && strategy == null && seed == null) {
            return f;
        }
        checkOverrides();
        return f.withSearch(budget, strategy, seed);
    }

    /** The search overrides' rules, the same for a tuning file and a cluster file. */
    private void checkOverrides() {
        if (budget != null && budget < 1) {
            throw BadInputException.of("--budget", budget, "must be at least 1");
        }
        if (strategy != null && !io.tunescope.tune.strategy.Strategies.exists(strategy)) {
            throw BadInputException.of("--strategy", strategy, "must be one of "
                    + io.tunescope.tune.strategy.Strategies.names());
        }
    }
}
