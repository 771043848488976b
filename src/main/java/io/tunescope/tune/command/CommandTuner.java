package io.tunescope.tune.command;

import io.tunescope.store.ResultsDatabase;
import io.tunescope.store.TrialsTable;
import io.tunescope.store.TuningSummary;
import io.tunescope.Progress;
import io.tunescope.SignalStop;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.TuningDir;
import io.tunescope.store.Revalidated;
import io.tunescope.experiment.monitor.RunMonitor;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.store.KnowledgeBase;
import io.tunescope.store.study.StudyLocation;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.tune.database.DatabaseTarget;
import io.tunescope.tune.shop.ShopTarget;
import io.tunescope.tune.mapping.WorkloadMapping;
import io.tunescope.tune.importance.ParameterImportance;
import io.tunescope.tune.session.BestFile;
import io.tunescope.tune.session.Trial;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.session.TuningSessionBuilder;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.target.ProtocolLoop;
import io.tunescope.tune.target.NoiseEstimate;
import io.tunescope.tune.target.ReplicationBudget;
import io.tunescope.tune.target.ReplicationSizing;
import io.tunescope.tune.target.Revalidation;
import io.tunescope.tune.target.TuningTarget;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The loop of {@code tunescope tune}: asks the session for configurations, has the target measure each (an external
 * command {@code repeats} times, or a database running a workload), tells the session, and finally writes
 * {@code summary.json} (with the parameter ranking) next to the journal and {@code best.json}.
 * Under the racing protocol (the default) the trials run through {@link ProtocolLoop}. At the end it re-validates
 * default against best ({@link Revalidation}) and puts that, the verdict and the best configuration's snippet into
 * {@code best.json}.
 */
public final class CommandTuner {
    /** How long the JVM's exit waits after SIGTERM or Ctrl-C for the partial summary. */
    static final int SIGNAL_WAIT_SECONDS = 30;

    /** What the caller prints. */
    public record Result(BestSoFar best, List<ParameterImportance.Importance> importance, int newTrials,
                         boolean exhausted, Path outputDirectory) {
    }

    private CommandTuner() {
    }

    public static Result run(TuningFile f, Path outDir, boolean resume, Progress progress) throws InterruptedException {
        return run(f, outDir, null, resume, progress);
    }

    /**
     * As {@link #run(TuningFile, Path, boolean, Progress)}, recording the trials in {@code study} (null: the journal in
     * {@code outDir}); {@code best.json}, {@code summary.json} and the logs stay in {@code outDir}.
     */
    public static Result run(TuningFile f, Path outDir, StudyLocation study, boolean resume, Progress progress)
            throws InterruptedException {
        if (f.shop() != null) {
            try (ShopTarget shop = f.shopTarget()) {
                return run(f, shop, null, outDir, study, resume, progress);
            }
        }
        if (f.target() == null) {
            return run(f, new CommandTarget(f), null, outDir, study, resume, progress);
        }
        Path liveServer = TuningDir.of(outDir).liveServer();
        if (f.knowledgeBase() == null) {
            return runAndClose(f, new DatabaseTarget(f.target(), () -> RunObserver.NONE, liveServer), null, outDir,
                    study, resume, progress);
        }
        // workload mapping profiles the workload from the thread monitor's metrics of the default trial
        DatabaseTarget monitored = new DatabaseTarget(f.target(),
                () -> new RunMonitor(MonitorOptions.defaults(MonitorOptions.DEFAULT_INTERVAL), null), liveServer);
        return runAndClose(f, monitored, new WorkloadMapping(new KnowledgeBase(f.knowledgeBase()), f.target(),
                f.space()), outDir, study, resume, progress);
    }

    /** Tunes a database target, then closes it (stopping its persistent server, if it has one), also on failure. */
    private static Result runAndClose(TuningFile f, DatabaseTarget target, WorkloadMapping mapping, Path outDir,
                                      StudyLocation study, boolean resume, Progress progress)
            throws InterruptedException {
        try (target) {
            return run(f, target, mapping, outDir, study, resume, progress);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("stopping the session's server: " + e.getMessage(), e);
        }
    }

    /** Tunes {@code target} with the search settings of {@code f}. */
    public static Result run(TuningFile f, TuningTarget target, Path outDir, boolean resume, Progress progress)
            throws InterruptedException {
        return run(f, target, null, outDir, resume, progress);
    }

    /** Tunes {@code target} with the search settings of {@code f}, recording the trials in {@code study}. */
    public static Result run(TuningFile f, TuningTarget target, Path outDir, StudyLocation study, boolean resume,
                             Progress progress) throws InterruptedException {
        return run(f, target, null, outDir, study, resume, progress);
    }

    /**
     * Tunes {@code target} with the search settings of {@code f}; with a {@code mapping}, the default trial maps the
     * workload to the knowledge base's past workloads and the session ends by adding itself to it.
     */
    public static Result run(TuningFile f, TuningTarget target, WorkloadMapping mapping, Path outDir, boolean resume,
                             Progress progress) throws InterruptedException {
        return run(f, target, mapping, outDir, null, resume, progress);
    }

    private static Result run(TuningFile f, TuningTarget target, WorkloadMapping mapping, Path outDir,
                              StudyLocation study, boolean resume, Progress progress) throws InterruptedException {
        long start = System.nanoTime();
        TuningSessionBuilder b = TuningSession.builder(f.space()).strategy(f.strategy()).seed(f.seed())
                .direction(f.direction()).aggregate(f.aggregate()).outputDirectory(outDir).study(study)
                .budgetTrials(f.budget());
        TuningDir files = TuningDir.of(outDir);
        // a study shared by several tuner processes keeps no replicates: there a trial is measured once
        TrialProtocol protocol = study == null ? f.protocol() : f.protocol().withMode(TrialProtocol.Mode.SINGLE);
        try (SignalStop stop = SignalStop.install("tune-stop", SIGNAL_WAIT_SECONDS);
             TuningSession session = resume ? b.resume() : b.build()) {
            createDirectories(files.logs());
            BestFile.write(outDir, session);
            Searched searched;
            try {
                searched = search(f, protocol, target, mapping, session, files, progress);
            } catch (InterruptedException | RuntimeException e) {
                if (stop.signalled()) {
                    writeStopped(f, target, session, protocol, files, start);
                }
                throw e;
            }
            if (study != null) {
                session.snapshotStudy(files.studySnapshot());
            }
            List<ParameterImportance.Importance> importance = ParameterImportance.rank(f.space(), session.history(),
                    f.direction(), f.seed());
            Final fin = finalBest(f, protocol, target, session, files, progress,
                    ProtocolSummary.noise(session, searched.loop()));
            BestSoFar best = fin.best();
            TuningSummary summary = SessionSummary.of(f, target, session, best, importance, searched.exhausted(),
                    (System.nanoTime() - start) / 1e9).completed(ProtocolSummary.of(protocol, session,
                    searched.loop(), fin.revalidationSize(), f.budget()));
            if (mapping != null) {
                mapping.record(session, outDir);
                summary = summary.withMapping(mapping.mapped().orElse(null), mapping.profile().orElse(null));
            }
            ResultsDatabase.writeWithSummary(files.summary(), summary, List.of(TrialsTable.of(files)));
            return new Result(best, importance, searched.newTrials(), searched.exhausted(), outDir);
        }
    }

    /**
     * SIGTERM or Ctrl-C during the trials: summary.json of the trials completed until then, with
     * {@code complete: false} and why; the journal already holds them, so {@code --resume} goes on from there.
     */
    private static void writeStopped(TuningFile f, TuningTarget target, TuningSession session, TrialProtocol protocol,
                                     TuningDir files, long startNanos) {
        TuningSummary summary = SessionSummary.of(f, target, session, BestFile.content(session), List.of(), false,
                (System.nanoTime() - startNanos) / 1e9).stopped("stopped by a signal (SIGTERM or Ctrl-C) after "
                + session.completedTrials() + " completed trials: the figures are of those; --resume goes on from "
                + "them", ProtocolSummary.of(protocol, session, null, null, f.budget()));
        ResultsDatabase.writeWithSummary(files.summary(), summary, List.of(TrialsTable.of(files)));
    }

    /** The trials under the session's protocol, with the progress bars of both. */
    private static Searched search(TuningFile f, TrialProtocol protocol, TuningTarget target,
                                   WorkloadMapping mapping, TuningSession session, TuningDir files,
                                   Progress progress) throws InterruptedException {
        try (Progress.Task bar = progress.start("tune", f.budget(), "trials")) {
            bar.step(session.completedTrials());
            if (mapping != null) {
                session.history().forEach(d -> mapping.afterTrial(session, files.trialLog(d.trial())));
            }
            if (!protocol.racing()) {
                return searchSingle(f.budget(), target, mapping, session, files, bar);
            }
            int before = session.completedTrials();
            try (Progress.Task measurements = progress.start("measurements", measurementsExpected(protocol,
                    f.budget()), "measurements")) {
                ProtocolLoop loop = new ProtocolLoop(target, session, protocol, files::trialLog, measurements);
                boolean exhausted = loop.run(f.budget(), bar, t -> {
                    if (mapping != null) {
                        mapping.afterTrial(session, files.trialLog(t.number()));
                    }
                });
                return new Searched(session.completedTrials() - before, exhausted, loop);
            }
        }
    }

    /**
     * The measurements bar's total: the measurement budget under {@code auto} without a time budget, else the most a
     * session of fixed slices takes (five slices per race where the time budget sizes them).
     */
    private static long measurementsExpected(TrialProtocol p, int budget) {
        if (p.maxSlices().auto() && p.budgetTime() == null) {
            return p.measurementBudget(budget);
        }
        return (long) budget * (1 + 2L * (p.maxSlices().auto() ? 5 : p.maxSlices().fixed()));
    }

    /** Trials this process ran (not those learnt from a shared study), and whether the space was exhausted. */
    private record Searched(int newTrials, boolean exhausted, ProtocolLoop loop) {
    }

    /** The single protocol: each trial measured once, until the session has {@code budget} trials. */
    private static Searched searchSingle(int budget, TuningTarget target, WorkloadMapping mapping,
                                        TuningSession session, TuningDir files, Progress.Task bar)
            throws InterruptedException {
        int newTrials = 0;
        while (session.completedTrials() < budget) {
            bar.step(session.learnFromStudy());
            if (session.completedTrials() >= budget) {
                break;
            }
            Optional<Trial> next = session.ask();
            if (next.isEmpty()) {
                return new Searched(newTrials, true, null);
            }
            Trial trial = next.get();
            runTrial(target, session, trial, files.trialLog(trial.number()));
            if (mapping != null) {
                mapping.afterTrial(session, files.trialLog(trial.number()));
            }
            newTrials++;
            bar.step(1);
        }
        return new Searched(newTrials, false, null);
    }

    private static void runTrial(TuningTarget target, TuningSession session, Trial trial, Path log)
            throws InterruptedException {
        TuningTarget.Measurement m = target.measure(trial.config(), trial.isDefault(), log);
        Duration elapsed = Duration.ofMillis(m.elapsedMillis());
        if (!m.ok()) {
            session.fail(trial, m.reason(), elapsed);
            return;
        }
        session.tell(trial, elapsed, m.values().stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** {@code best.json}'s content at the end, and how the re-validation's runs were sized (null: none ran). */
    private record Final(BestSoFar best, ReplicationSizing.Size revalidationSize) {
    }

    /** The re-validation's result and how its runs were sized. */
    private record Revalidating(Revalidated result, ReplicationSizing.Size size) {
    }

    /**
     * {@code best.json} at the end: the best configuration's snippet, the re-validation of default against best
     * (until the answer is clear under the racing protocol, a fixed number of runs under the single one) and the
     * session's verdict, written before it is returned. Under the racing protocol, when no configuration beat the
     * default (the best is the default) there is nothing to re-validate: the verdict is indistinguishable.
     */
    private static Final finalBest(TuningFile f, TrialProtocol p, TuningTarget target, TuningSession session,
                                   TuningDir files, Progress progress, NoiseEstimate noise)
            throws InterruptedException {
        Path logs = files.logs().resolve("revalidate");
        BestSoFar best = BestFile.content(session);
        Optional<Configuration> defaults = f.space().defaultConfiguration();
        if (session.best().isEmpty()) {
            // every trial failed: nothing was shown better or worse than the default, and best.json says so too
            BestSoFar none = best.withVerdict("indistinguishable", null);
            none.write(files.best());
            return new Final(none, null);
        }
        Configuration bestConfig = session.best().get().config();
        Revalidating revalidation = new Revalidating(null, null);
        boolean bestIsDefault = session.best().get().isDefault()
                || defaults.map(d -> d.key().equals(bestConfig.key())).orElse(false);
        // a target whose file says revalidate: 0 asked for no re-validation: the verdict is then its race's. A
        // command is re-validated under racing only: a line tuner of a cluster runs single, and its target answers
        // only the rounds its controller posts, so a re-validation after the last round would wait for ever
        boolean revalidate = f.hasTarget() ? f.revalidateRuns() > 0 : p.racing();
        // racing: a best that is the default has nothing to re-validate; single re-validates whatever won
        if (defaults.isPresent() && (!bestIsDefault || !p.racing()) && revalidate) {
            createDirectories(logs);
            revalidation = revalidate(f, p, target.forRevalidation(), session, defaults.get(), bestConfig, logs,
                    progress, noise);
        }
        Revalidated revalidated = revalidation.result();
        String snippet = target.snippet(bestConfig);
        BestSoFar done = best.withResult(snippet.isEmpty() ? null : snippet, revalidated)
                .withVerdict(revalidated != null ? revalidated.verdict() : raceVerdict(session.best().get()),
                        revalidated != null ? revalidated.halfWidthPercent() : null)
                .withExplanation(revalidated == null ? null : target.explain(logs).orElse(null));
        done.write(files.best());
        return new Final(done, revalidation.size());
    }

    /**
     * Default against best: under racing, runs sized by {@link ReplicationBudget#revalidationRuns} (the noise and
     * what the budget leaves) until the answer is clear; under single, the target's fixed number of runs.
     */
    private static Revalidating revalidate(TuningFile f, TrialProtocol p, TuningTarget measured,
                                           TuningSession session, Configuration defaults, Configuration bestConfig,
                                           Path logs, Progress progress, NoiseEstimate noise)
            throws InterruptedException {
        ReplicationSizing.Size size = null;
        int runs = f.revalidateRuns();
        ReplicationBudget replication = new ReplicationBudget(p, session, f.budget());
        long remainingMillis = replication.revalidationMillisLeft();
        long deadline = p.budgetTime() == null ? 0 : System.nanoTime() + remainingMillis * 1_000_000;
        if (p.racing()) {
            size = replication.revalidationRuns(noise, remainingMillis, Revalidation.MIN_RUNS);
            runs = size.chosen();
        }
        Revalidated result = null;
        try (Progress.Task bar = progress.start("re-validate default and best", runs, "rounds")) {
            if (size != null) {
                bar.note(size.describe("runs of each", noise, p.halfWidthPercent()));
                result = Revalidation.untilClear(measured, defaults, bestConfig, p, runs,
                        f.direction(), logs, deadline);
            } else if (runs > 0) {
                result = Revalidation.run(measured, defaults, bestConfig, runs,
                        f.direction(), logs);
            }
            bar.step(runs);
        }
        return new Revalidating(result, size);
    }

    /** The verdict without a re-validation: a best that won its race is better; otherwise nothing beat the default. */
    private static String raceVerdict(io.tunescope.tune.session.TrialRecord best) {
        return io.tunescope.tune.session.TrialRecord.Race.BETTER.equals(best.race()) && !best.isDefault() ? "better"
                : "indistinguishable";
    }

    private static void createDirectories(Path p) {
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + p + ": " + e.getMessage(), e);
        }
    }
}
