package io.tunescope.analysis;

import io.tunescope.experiment.plan.Cell;

import java.util.LinkedHashMap;
import java.util.Map;

/** The measured queries of one finished cell, by query name ({@code Q1}..{@code Q22}). */
public record CellResult(String id, Map<String, String> levels, int repetition, Map<String, QueryMeasure> queries) {
    public CellResult {
        levels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(levels));
        queries = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(queries));
    }

    public String scenario() {
        return Cell.scenarioOf(levels);
    }
}
