package io.tunescope.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/** Every finished cell of an experiment, with the plan's factors and levels (in plan order). */
public record ExperimentData(String name, Map<String, List<String>> factors, List<MeasuredCell> cells) {
    public ExperimentData {
        factors = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(factors));
        cells = List.copyOf(cells);
    }

    /** Scenarios that have at least one finished cell, in factorial order of the plan's levels. */
    public List<String> scenarios() {
        Comparator<MeasuredCell> order = Comparator.comparing(c -> 0);
        for (Map.Entry<String, List<String>> f : factors.entrySet()) {
            order = order.thenComparing(c -> f.getValue().indexOf(c.levels().get(f.getKey())));
        }
        Set<String> result = new LinkedHashSet<>();
        cells.stream().sorted(order).forEach(c -> result.add(c.scenario()));
        return new ArrayList<>(result);
    }

    /** Queries measured anywhere, in query-number order. */
    public List<String> queries() {
        Set<String> all = new java.util.TreeSet<>(Comparator.comparingInt(String::length).thenComparing(q -> q));
        cells.forEach(c -> all.addAll(c.queries().keySet()));
        return new ArrayList<>(all);
    }

    public Map<String, String> levelsOf(String scenario) {
        return cells.stream().filter(c -> c.scenario().equals(scenario)).findFirst()
                .map(MeasuredCell::levels).orElseThrow();
    }

    public List<MeasuredCell> cellsOf(String scenario) {
        return cells.stream().filter(c -> c.scenario().equals(scenario)).toList();
    }

    /** Mean over repetitions of one query's value in one scenario; empty when never measured there. */
    public OptionalDouble mean(String scenario, String query, String metric) {
        return cellsOf(scenario).stream().map(c -> c.queries().get(query)).filter(java.util.Objects::nonNull)
                .map(m -> Metrics.value(m, metric)).filter(java.util.Objects::nonNull)
                .mapToDouble(Double::doubleValue).average();
    }

    public List<Integer> repetitions() {
        return cells.stream().map(MeasuredCell::repetition).distinct().sorted().toList();
    }
}
