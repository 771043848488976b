package io.tunescope.tune.command;

import io.tunescope.store.ResultsDatabase;
import io.tunescope.Progress;
import io.tunescope.experiment.monitor.RunMonitor;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.KnowledgeBase;
import io.tunescope.store.CrossApplyMatrix;
import io.tunescope.store.Revalidated;
import io.tunescope.store.TuningDir;
import io.tunescope.store.WorkloadsSummary;
import io.tunescope.tune.database.DatabaseTarget;
import io.tunescope.tune.database.DatabaseTargetSpec;
import io.tunescope.tune.target.TuningTarget;
import io.tunescope.tune.mapping.WorkloadMapping;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.CrossApply;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A session tuned for several workloads (a tuning file with {@code workloads:}): one session per workload, each in
 * its own directory ({@link TuningDir#workload}), without its own re-validation; then the cross-apply matrix
 * ({@link CrossApply}), whose diagonal re-validates each workload's best (written into that workload's
 * {@code best.json}) and whose other cells measure each best on the other workloads: Active Harmony's "no single
 * best configuration", measured. Resuming continues each workload's journal and measures the matrix again. With a
 * knowledge base, each workload's session maps itself to past workloads ({@link WorkloadMapping}).
 */
public final class WorkloadsTuner {
    /** Each workload's session, and the matrix (null when a workload has no successful trial). */
    public record Result(Map<String, CommandTuner.Result> sessions, CrossApplyMatrix matrix, Path outputDirectory) {
    }

    private WorkloadsTuner() {
    }

    public static Result run(TuningFile f, Path outDir, boolean resume, Progress progress) throws InterruptedException {
        if (f.shop() != null) {
            return run(f, ShopWorkloadsTuner.kind(f), outDir, resume, progress);
        }
        if (f.knowledgeBase() == null) {
            return run(f, DatabaseTarget::new, outDir, resume, progress);
        }
        // workload mapping profiles each workload from the thread monitor's metrics of its default trial
        return run(f, spec -> new DatabaseTarget(spec,
                () -> new RunMonitor(MonitorOptions.defaults(MonitorOptions.DEFAULT_INTERVAL), null)), outDir, resume,
                progress);
    }

    /** Like {@link #run(TuningFile, Path, boolean, Progress)}, with each workload's target made by {@code targets}. */
    public static Result run(TuningFile f, Function<DatabaseTargetSpec, TuningTarget> targets, Path outDir,
                             boolean resume, Progress progress) throws InterruptedException {
        WorkloadKind kind = new WorkloadKind(f.target().engine().id(), null, f.target().objective().label(),
                f.target().revalidateRuns(), w -> targets.apply(w.spec()),
                (w, target, dir, again, p) -> {
                    WorkloadMapping mapping = f.knowledgeBase() == null ? null
                            : new WorkloadMapping(new KnowledgeBase(f.knowledgeBase()), w.spec(), f.space());
                    return CommandTuner.run(f.withTarget(w.spec().withRevalidateRuns(0)), target, mapping, dir,
                            again, p);
                },
                (w, best) -> WorkloadsSummary.Workload.database(w.name(), w.spec().workload().toString(),
                        w.spec().users(), w.spec().scaleFactor(), best));
        return run(f, kind, outDir, resume, progress);
    }

    private static Result run(TuningFile f, WorkloadKind kind, Path outDir, boolean resume, Progress progress)
            throws InterruptedException {
        List<TuningTarget> opened = new ArrayList<>();
        try {
            return run(f, kind, outDir, resume, progress, opened);
        } finally {
            opened.forEach(WorkloadsTuner::close);   // persistent servers and stacks, if any
        }
    }

    private static void close(TuningTarget target) {
        if (target instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                io.tunescope.Notices.say("tunescope: stopping a workload's target: " + e.getMessage());
            }
        }
    }

    private static Result run(TuningFile f, WorkloadKind kind, Path outDir, boolean resume, Progress progress,
                              List<TuningTarget> opened) throws InterruptedException {
        long start = System.nanoTime();
        TuningDir files = TuningDir.of(outDir);
        Map<String, CommandTuner.Result> sessions = new LinkedHashMap<>();
        Map<String, Configuration> bests = new LinkedHashMap<>();
        List<CrossApply.Workload> workloads = new ArrayList<>();
        for (TuningFile.Workload w : f.workloads()) {
            TuningDir dir = files.workload(w.name());
            createDirectories(dir.root());
            TuningTarget target = kind.targets().apply(w);
            opened.add(target);
            CommandTuner.Result r = kind.session().run(w, target, dir.root(),
                    resume && Files.isRegularFile(dir.journal()), progress);
            sessions.put(w.name(), r);
            workloads.add(new CrossApply.Workload(w.name(), target));
            if (r.best().best() != null) {
                bests.put(w.name(), f.space().configuration(r.best().best().config()));
            }
        }
        CrossApplyMatrix matrix = null;
        var defaults = f.space().defaultConfiguration();
        int runs = Math.max(1, kind.revalidateRuns());
        if (bests.size() == workloads.size() && defaults.isPresent()) {
            try (Progress.Task bar = progress.start("cross-apply", runs * workloads.size(), "workload rounds")) {
                matrix = CrossApply.run(workloads, bests, defaults.get(), runs, f.direction(), kind.objective(),
                        files.logs().resolve("matrix"), bar);
            }
            matrix.write(files.matrix());
            for (TuningFile.Workload w : f.workloads()) {
                BestSoFar b = sessions.get(w.name()).best();
                Revalidated diagonal = CrossApply.diagonal(matrix, w.name(), f.direction());
                if (bests.get(w.name()).key().equals(defaults.get().key())) {
                    // a best that is the default makes its diagonal the default against itself, whose interval is
                    // noise by construction: as for one session, nothing beat the default
                    diagonal = new Revalidated(diagonal.defaultSide(), diagonal.best(), diagonal.improvementPercent(),
                            diagonal.improvementCi95(), diagonal.runs(), diagonal.failedRuns(), "indistinguishable",
                            diagonal.halfWidthPercent());
                }
                // the verdict is the diagonal's, the workload's own re-validation, rather than its session's race
                BestSoFar done = b.withResult(b.snippet(), diagonal).withVerdict(diagonal.verdict(),
                        diagonal.halfWidthPercent());
                done.write(files.workload(w.name()).best());
                sessions.put(w.name(), withBest(sessions.get(w.name()), done));
            }
        }
        Map<String, WorkloadsSummary.Workload> described = new LinkedHashMap<>();
        for (TuningFile.Workload w : f.workloads()) {
            described.put(w.name(), kind.describe().apply(w, sessions.get(w.name()).best()));
        }
        WorkloadsSummary summary = WorkloadsSummary.of(f.source(), kind.engine(), kind.target(), kind.objective(),
                new WorkloadsSummary.Search(f.strategy(), f.seed(), f.budget()), described, matrix,
                (System.nanoTime() - start) / 1e9);
        ResultsDatabase.writeWithSummary(files.summary(), summary, List.of());
        return new Result(sessions, matrix, outDir);
    }

    private static CommandTuner.Result withBest(CommandTuner.Result r, BestSoFar best) {
        return new CommandTuner.Result(best, r.importance(), r.newTrials(), r.exhausted(), r.outputDirectory());
    }

    private static void createDirectories(Path p) {
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + p + ": " + e.getMessage(), e);
        }
    }
}
