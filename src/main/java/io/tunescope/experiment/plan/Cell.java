package io.tunescope.experiment.plan;

import io.tunescope.store.PlanSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One run of an experiment: a scenario (a level for every varied factor) and a repetition number (from 1).
 * {@code id} names its directory and is stable across runs of the same plan, which is what resume relies on.
 */
public record Cell(Map<String, String> levels, int repetition) {
    public Cell {
        if (repetition < 1) {
            throw new IllegalArgumentException("repetition must be at least 1: " + repetition);
        }
        levels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(levels));
    }

    /** The scenario, e.g. {@code users=5,workerLimit=off} (factor order of the plan). */
    public String scenario() {
        return PlanSummary.CellSummary.scenarioOf(levels);
    }

    /** A file-name-safe id, e.g. {@code users-5_workerLimit-off_r1}. */
    public String id() {
        String s = levels.isEmpty() ? "base" : levels.entrySet().stream()
                .map(e -> e.getKey() + "-" + e.getValue()).collect(Collectors.joining("_"));
        return s.replaceAll("[^A-Za-z0-9._-]", "~") + "_r" + repetition;
    }
}
