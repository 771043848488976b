package io.tunescope.experiment;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.tunescope.Outcome;
import io.tunescope.store.RunEnvironment;

import java.util.List;
import java.util.Map;

/**
 * The plan run's {@code summary.json}: the plan as run, every cell's status (rewritten after each cell, so an
 * interrupted run still says what finished), the machine, and what the machine cannot vary (SMT, monitoring).
 */
public record PlanSummary(String plan, boolean complete, String failure, int cellsTotal, int cellsDone,
                          int cellsFailed, int cellsSkippedAsDone, long wallMillis, long seed, boolean randomOrder,
                          String smt, String monitor, Map<String, Object> base, Map<String, List<String>> factors,
                          int repetitions, RunEnvironment environment, List<CellResult> cells) {

    /** How the plan run ended: ok when complete, bad input when a cell's configuration broke a rule, else failure. */
    @JsonIgnore
    public Outcome outcome() {
        if (complete) {
            return Outcome.OK;
        }
        return cells.stream().anyMatch(c -> c.failureKind() == Outcome.BAD_INPUT) ? Outcome.BAD_INPUT : Outcome.FAILURE;
    }
}
