package io.tunescope.experiment;

import io.tunescope.store.ResultsDatabase;
import io.tunescope.BadInputException;
import io.tunescope.Notices;
import io.tunescope.Outcome;
import io.tunescope.Progress;
import io.tunescope.experiment.monitor.RunMonitor;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.experiment.plan.Cell;
import io.tunescope.experiment.plan.ExperimentPlan;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.trace.TracefsTracer;
import io.tunescope.store.CellStatus;
import io.tunescope.store.Json;
import io.tunescope.store.PlanSummary;
import io.tunescope.store.ResolvedPlan;
import io.tunescope.store.PlanSummary.CellSummary;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.RunEnvironment;
import io.tunescope.store.RunSummary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs every cell of an experiment plan, one TPC-H run each (through {@link TpchRunner}), into
 * {@code OUT/cells/<cell id>/}. A cell whose summary.json says complete is never run again, so running the same plan
 * into the same directory after an interruption resumes where it stopped; an incomplete cell is run again from
 * scratch. OUT/summary.json is rewritten after every cell.
 */
public final class PlanRunner {
    /** Hears each finished cell; tests use it to interrupt a plan. */
    public interface CellListener {
        CellListener NONE = (cell, result) -> { };

        void cellFinished(Cell cell, CellSummary result);
    }

    private final ExperimentPlan plan;
    private final Path outDir;
    private final ResultsDir results;
    private final CellListener listener;
    private final Progress progress;
    private final int availableCpus = Runtime.getRuntime().availableProcessors();
    private volatile boolean stopRequested;

    public PlanRunner(ExperimentPlan plan, Path outDir, CellListener listener) {
        this(plan, outDir, listener, Progress.NONE);
    }

    public PlanRunner(ExperimentPlan plan, Path outDir, CellListener listener, Progress progress) {
        this.plan = plan;
        this.outDir = outDir;
        this.results = ResultsDir.of(outDir);
        this.listener = listener;
        this.progress = progress;
    }

    /** Stops after the cell now running (a cut-short cell is redone on resume). */
    public void stop() {
        stopRequested = true;
    }

    public PlanSummary run() throws IOException {
        ResultsDir.createOutput(outDir);
        checkSamePlan();
        long startNanos = System.nanoTime();
        List<Cell> cells = plan.cells();
        Map<String, CellSummary> statuses = new LinkedHashMap<>();
        int skipped = 0;
        for (Cell cell : cells) {
            CellSummary previous = finishedStatus(cell);
            statuses.put(cell.id(), previous != null ? previous : status(cell, CellStatus.PENDING, null, null));
            skipped += previous != null ? 1 : 0;
        }
        String failure = null;
        Thread hook = new Thread(this::stop, "tunescope-plan-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try (Progress.Task bar = progress.start("plan " + plan.name(), cells.size(), "cells")) {
            bar.step(skipped);
            for (Cell cell : cells) {
                if (statuses.get(cell.id()).status() == CellStatus.DONE) {
                    continue;
                }
                if (stopRequested || Thread.currentThread().isInterrupted()) {
                    failure = "stopped before every cell ran: run the same plan with the same --out to resume";
                    break;
                }
                CellSummary result = runCell(cell);
                statuses.put(cell.id(), result);
                writeSummary(statuses, skipped, startNanos, null, false);
                bar.step(1);
                listener.cellFinished(cell, result);
                if (result.failureKind() == Outcome.BAD_INPUT) {
                    failure = "cell " + cell.id() + ": " + result.problem();
                    break;
                }
            }
        } finally {
            removeHook(hook);
        }
        boolean complete = statuses.values().stream().allMatch(s -> s.status() == CellStatus.DONE);
        if (failure == null && !complete) {
            failure = "some cells failed: see cells[].problem";
        }
        return writeSummary(statuses, skipped, startNanos, failure, complete);
    }

    private CellSummary runCell(Cell cell) throws IOException {
        Path dir = cellDir(cell);
        deleteRecursively(dir);
        TpchRunConfig config;
        try {
            config = CellConfigs.of(plan.base(), cell, dir, availableCpus);
        } catch (BadInputException e) {
            return failed(cell, null, e.outcome(), e.getMessage());
        }
        Notices.say("cell " + cell.id());
        RunOutcome outcome = new TpchRunner(config, monitorFor(), progress).run();
        Long wallMillis = outcome.summary().wallMillis();
        if (outcome.summary().complete() && outcome.outcome().isOk()) {
            return status(cell, CellStatus.DONE, wallMillis, null);
        }
        return failed(cell, wallMillis, outcome.outcome().isOk() ? Outcome.FAILURE : outcome.outcome(),
                outcome.problem());
    }

    /** The thread monitor for one cell when the plan asks for it (one per cell: a monitor samples one run). */
    private RunObserver monitorFor() {
        Duration interval = plan.base().monitorInterval();
        return interval == null ? RunObserver.NONE : new RunMonitor(MonitorOptions.defaults(interval), null,
                plan.base().monitorExact() ? TracefsTracer.DEFAULT_ROOT : null);
    }

    /** The status of a cell that finished in an earlier run, or null when it must run. */
    private CellSummary finishedStatus(Cell cell) {
        Path summary = results.cell(cell.id()).summary();
        if (!Files.exists(summary)) {
            return null;
        }
        try {
            RunSummary run = RunSummary.read(summary);
            return run.complete() ? status(cell, CellStatus.DONE, run.wallMillis(), null) : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Resuming into a directory that holds another plan's cells would mix two experiments. */
    private void checkSamePlan() {
        Path planFile = results.plan();
        ResolvedPlan resolved = resolvedPlan();
        if (Files.exists(planFile)) {
            try {
                if (!Json.read(planFile, ResolvedPlan.class).equals(resolved)) {
                    throw BadInputException.of("out", outDir, "holds the cells of a different plan ("
                            + planFile + "): choose another --out or restore that plan");
                }
            } catch (IOException e) {
                throw BadInputException.of("out", planFile, "cannot be read: " + e.getMessage());
            }
        }
        Json.writeAtomically(planFile, resolved);
    }

    private ResolvedPlan resolvedPlan() {
        return new ResolvedPlan(plan.name(), baseEcho(), plan.factors(), plan.repetitions(), plan.randomOrder(),
                plan.seed(), plan.subset());
    }

    private ResolvedPlan.Base baseEcho() {
        var b = plan.base();
        return new ResolvedPlan.Base(b.engine().id(), b.scaleFactor(), b.users(), b.tenants(), b.workload(),
                b.workerLimit(), b.cpus(), b.iterations() > 0 ? b.iterations() : null,
                b.duration() == null ? null : b.duration().toMillis(), b.warmup(),
                b.monitorInterval() == null ? null : b.monitorInterval().toMillis(), b.monitorExact(), b.seed(),
                b.permute());
    }

    private PlanSummary writeSummary(Map<String, CellSummary> statuses, int skipped, long startNanos, String failure,
                                     boolean complete) {
        List<CellSummary> list = new ArrayList<>(statuses.values());
        PlanSummary summary = new PlanSummary(plan.name(), complete, failure, list.size(),
                (int) list.stream().filter(s -> s.status() == CellStatus.DONE).count(),
                (int) list.stream().filter(s -> s.status() == CellStatus.FAILED).count(), skipped,
                (System.nanoTime() - startNanos) / 1_000_000, plan.seed(), plan.randomOrder(), SmtProbe.describe(),
                plan.base().monitorInterval() == null ? "off (no base.monitorInterval): profiles use response time and rows"
                        : "every " + plan.base().monitorInterval().toMillis() + " ms: per-query metrics in each cell"
                        + (plan.base().monitorExact() ? ", with the exact mode's beside them" : ""),
                PlanSummary.baseOf(baseEcho()), plan.factors(), plan.repetitions(), RunEnvironment.capture(), list);
        ResultsDatabase.writeWithSummary(results.summary(), summary, ResultsDatabase.across("cells", "cell",
                list.stream().map(CellSummary::id).toList(), id -> results.cell(id).summary()));
        return summary;
    }

    public Path cellDir(Cell cell) {
        return results.cell(cell.id()).root();
    }

    private static CellSummary status(Cell cell, CellStatus status, Long wallMillis, String problem) {
        return new CellSummary(cell.id(), cell.scenario(), cell.levels(), cell.repetition(), status, wallMillis,
                problem, null);
    }

    /** A failed cell; the problem of a bad-input cell says so first, as the summary file always has. */
    private static CellSummary failed(Cell cell, Long wallMillis, Outcome kind, String problem) {
        String text = problem == null ? null : kind == Outcome.BAD_INPUT ? kind.meaning() + ": " + problem : problem;
        return new CellSummary(cell.id(), cell.scenario(), cell.levels(), cell.repetition(), CellStatus.FAILED,
                wallMillis, text, kind);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook has asked the loop to stop
        }
    }
}
