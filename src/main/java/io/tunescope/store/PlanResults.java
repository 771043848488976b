package io.tunescope.store;

import java.util.List;
import java.util.Map;

/**
 * A plan's summary as read back: the plan as run, every cell's status, the machine, and what the machine could
 * not vary (SMT, monitoring). The runner writes the same fields; the store reads them without knowing the runner.
 */
public record PlanResults(String plan, boolean complete, String failure, int cellsTotal, int cellsDone,
                          int cellsFailed, int cellsSkippedAsDone, long wallMillis, long seed, boolean randomOrder,
                          String smt, String monitor, Map<String, Object> base, Map<String, List<String>> factors,
                          int repetitions, RunEnvironment environment, List<Cell> cells) implements SummaryDocument {
    /** The status word of a cell that finished. */
    public static final String DONE = "done";

    public PlanResults {
        base = base == null ? Map.of() : base;
        factors = factors == null ? Map.of() : factors;
        cells = cells == null ? List.of() : List.copyOf(cells);
    }

    /** One cell: where it is, its factor levels, and how it ended ({@code done}, {@code failed}, {@code pending}). */
    public record Cell(String id, String scenario, Map<String, String> levels, int repetition, String status,
                       Long wallMillis, String problem) {
        public Cell {
            levels = levels == null ? Map.of() : levels;
        }

        public boolean done() {
            return DONE.equals(status);
        }
    }
}
