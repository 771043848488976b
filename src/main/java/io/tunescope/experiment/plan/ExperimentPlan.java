package io.tunescope.experiment.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A checked experiment plan: a base run, factors with their levels (in plan order), repetitions, the order to run
 * cells in, and optionally the listed subset of scenarios to run instead of the full factorial.
 */
public record ExperimentPlan(String name, PlanBase base, Map<String, List<String>> factors, int repetitions,
                             boolean randomOrder, long seed, List<Map<String, String>> subset) {
    public ExperimentPlan {
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1");
        }
        factors = Collections.unmodifiableMap(new LinkedHashMap<>(factors));
        subset = subset == null ? null : List.copyOf(subset);
    }

    /** The scenarios to run: the full factorial of the levels, or the listed subset. */
    public List<Map<String, String>> scenarios() {
        if (subset != null) {
            return subset;
        }
        List<Map<String, String>> result = new ArrayList<>();
        result.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> factor : factors.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : result) {
                for (String level : factor.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(partial);
                    m.put(factor.getKey(), level);
                    next.add(m);
                }
            }
            result = next;
        }
        return result;
    }

    /** Every cell (scenario times repetition), in run order: repetition-major, shuffled by the seed when random. */
    public List<Cell> cells() {
        List<Cell> cells = new ArrayList<>();
        for (int r = 1; r <= repetitions; r++) {
            for (Map<String, String> scenario : scenarios()) {
                cells.add(new Cell(scenario, r));
            }
        }
        if (randomOrder) {
            Collections.shuffle(cells, new Random(seed));
        }
        return cells;
    }
}
