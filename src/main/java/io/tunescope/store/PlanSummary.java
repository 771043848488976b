package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.tunescope.Outcome;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A plan run's {@code summary.json}, as the runner writes it and as analysis reads it back: the plan as run, every
 * cell's status (rewritten after each cell, so an interrupted run still says what finished), the machine, and what
 * the machine cannot vary (SMT, monitoring).
 */
public record PlanSummary(String plan, boolean complete, String failure, int cellsTotal, int cellsDone,
                          int cellsFailed, int cellsSkippedAsDone, long wallMillis, long seed, boolean randomOrder,
                          String smt, String monitor, Map<String, Object> base, Map<String, List<String>> factors,
                          int repetitions, RunEnvironment environment, List<CellSummary> cells)
        implements SummaryDocument {

    public PlanSummary {
        base = base == null ? Map.of() : base;
        factors = factors == null ? Map.of() : factors;
        cells = cells == null ? List.of() : List.copyOf(cells);
    }

    /**
     * The base of a plan run now ({@link ResolvedPlan.Base}) as this summary holds it. {@code base} stays a map: the
     * summaries of earlier versions hold other keys and types there (a numeric {@code workerLimit}, no
     * {@code monitorExact}), and one read back writes back unchanged.
     */
    public static Map<String, Object> baseOf(ResolvedPlan.Base base) {
        return Json.MAPPER.convertValue(base, new com.fasterxml.jackson.core.type.TypeReference<>() {
        });
    }

    /** How the plan run ended: ok when complete, bad input when a cell's configuration broke a rule, else failure. */
    @JsonIgnore
    public Outcome outcome() {
        if (complete) {
            return Outcome.OK;
        }
        return cells.stream().anyMatch(c -> c.failureKind() == Outcome.BAD_INPUT) ? Outcome.BAD_INPUT : Outcome.FAILURE;
    }

    /**
     * One cell: where it is, its levels, how it ended, and the one-line problem if any. {@code failureKind} (bad
     * input or failure; null unless failed) lives in memory only, so the file keeps the fields it always had and
     * reads back with a null kind; there the problem text of a bad-input cell starts with {@code bad input: }.
     */
    public record CellSummary(String id, String scenario, Map<String, String> levels, int repetition,
                              CellStatus status, Long wallMillis, String problem, @JsonIgnore Outcome failureKind) {
        public CellSummary {
            levels = levels == null ? Map.of() : levels;
        }

        /** Ran to completion: a resumed plan skips it and analysis reads its run summary. */
        public boolean done() {
            return status == CellStatus.DONE;
        }

        /**
         * The scenario text of some factor levels, e.g. {@code users=5,workerLimit=off} (factor order of the plan):
         * the {@code scenario} of a cell, and how analysis names a scenario.
         */
        public static String scenarioOf(Map<String, String> levels) {
            return levels.isEmpty() ? "base" : levels.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
        }
    }
}
