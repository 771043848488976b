package io.tunescope.analysis;

import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import io.tunescope.BadInputException;
import io.tunescope.store.PlanSummary;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.RunSummary;
import io.tunescope.store.SummaryDocument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an experiment directory written by {@code tunescope run PLAN.yaml}: the plan summary for the factors and
 * cells, and each finished cell's run summary for its queries. A plain run directory reads as one cell.
 */
public final class ExperimentLoader {
    private ExperimentLoader() {
    }

    /** Loads {@code dir}; a finished cell whose summary cannot be read is bad input. */
    public static ExperimentData load(Path dir) {
        return load(dir, problem -> {
            throw new BadInputException(problem);
        });
    }

    /**
     * Loads {@code dir}, passing over a finished cell whose summary cannot be read (a torn file: a full disk, a kill)
     * with a one-line reason to {@code skipped} that names the file, line and column, and going on with the cells
     * that are intact; bad input only when none is.
     */
    public static ExperimentData load(Path dir, java.util.function.Consumer<String> skipped) {
        ResultsDir results = ResultsDir.of(dir);
        SummaryDocument summary = summary(results);
        if (summary instanceof RunSummary run) {
            return new ExperimentData(run.engine() == null ? "run" : run.engine(), Map.of(),
                    List.of(cell("base", Map.of(), 1, run)));
        }
        PlanSummary plan = (PlanSummary) summary;
        List<MeasuredCell> cells = new ArrayList<>();
        String firstUnreadable = null;
        for (PlanSummary.CellSummary c : plan.cells()) {
            Path cellSummary = results.cell(c.id()).summary();
            if (!c.done() || !Files.isRegularFile(cellSummary)) {
                continue;
            }
            RunSummary run;
            try {
                run = runSummary(cellSummary);
            } catch (BadInputException e) {
                if (firstUnreadable == null) {
                    firstUnreadable = e.getMessage();
                }
                skipped.accept("cell " + c.id() + ": " + e.getMessage());
                continue;
            }
            cells.add(cell(c.id(), c.levels(), c.repetition(), run));
        }
        if (cells.isEmpty() && firstUnreadable != null) {
            throw new BadInputException(firstUnreadable);
        }
        if (cells.isEmpty()) {
            throw BadInputException.of("DIR", dir, "has no finished cells yet: run the plan first");
        }
        return new ExperimentData(plan.plan() == null ? "plan" : plan.plan(), plan.factors(), cells);
    }

    /** The summary of a run or plan directory, checked to be there and readable. */
    public static SummaryDocument summary(ResultsDir results) {
        Path file = results.summary();
        if (!Files.isRegularFile(file)) {
            throw BadInputException.of("DIR", results.root(), "has no " + file.getFileName()
                    + ": give a directory written by tunescope run");
        }
        try {
            return SummaryDocument.read(file);
        } catch (InvalidTypeIdException e) {
            throw BadInputException.of("DIR", results.root(), "holds a " + file.getFileName()
                    + " of neither a run nor a plan: give a directory written by tunescope run");
        } catch (IOException e) {
            throw BadInputException.of("summary", file, "is not readable JSON: " + Json.problem(e));
        }
    }

    private static RunSummary runSummary(Path file) {
        try {
            return RunSummary.read(file);
        } catch (IOException e) {
            throw BadInputException.of("summary", file, "is not readable JSON: " + Json.problem(e));
        }
    }

    /** One cell: per query, counts and means pooled over tenants (weighted by successful executions). */
    static MeasuredCell cell(String id, Map<String, String> levels, int repetition, RunSummary summary) {
        Map<String, List<RunSummary.QuerySummary>> byQuery = new LinkedHashMap<>();
        for (RunSummary.TenantSummary tenant : summary.tenants()) {
            for (RunSummary.QuerySummary q : tenant.queries()) {
                if (q.meanMillis() != null) {
                    byQuery.computeIfAbsent(q.query(), k -> new ArrayList<>()).add(q);
                }
            }
        }
        Map<String, QueryMeasure> queries = new LinkedHashMap<>();
        byQuery.forEach((query, entries) -> queries.put(query, pooled(query, entries)));
        return new MeasuredCell(id, levels, repetition, queries);
    }

    private static QueryMeasure pooled(String query, List<RunSummary.QuerySummary> entries) {
        long count = 0;
        double responseSum = 0;
        Map<String, double[]> metricSums = new LinkedHashMap<>();
        double p95 = 0;
        Long rows = null;
        for (RunSummary.QuerySummary q : entries) {
            long ok = Math.max(1, q.count() - q.errors());
            count += ok;
            responseSum += ok * q.meanMillis();
            p95 = Math.max(p95, q.p95Millis() == null ? 0 : q.p95Millis());
            rows = q.rows() != null ? q.rows() : rows;
            q.numericMetrics().forEach((name, value) -> {
                double[] s = metricSums.computeIfAbsent(name, k -> new double[2]);
                s[0] += ok * value;
                s[1] += ok;
            });
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        metricSums.forEach((k, s) -> metrics.put(k, s[0] / s[1]));
        return new QueryMeasure(query, count, responseSum / count, p95 > 0 ? p95 : null, rows, metrics);
    }
}
