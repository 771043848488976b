package io.tunescope.analysis;

import io.tunescope.store.PlanSummary;

import java.util.LinkedHashMap;
import java.util.Map;

/** The measured queries of one finished cell, by query name ({@code Q1}..{@code Q22}). */
public record MeasuredCell(String id, Map<String, String> levels, int repetition, Map<String, QueryMeasure> queries) {
    public MeasuredCell {
        levels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(levels));
        queries = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(queries));
    }

    public String scenario() {
        return PlanSummary.CellSummary.scenarioOf(levels);
    }
}
