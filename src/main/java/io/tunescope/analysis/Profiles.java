package io.tunescope.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Predicate;

/**
 * Query resource profiles (the study's Figure 1): per scenario, each metric's value per query divided by the
 * largest value of that metric over the queries of that scenario, so the most demanding query scores 1.
 */
public final class Profiles {
    /** One query's value of one metric in one scenario (mean over repetitions), raw and normalized to [0, 1]. */
    public record Entry(String scenario, String query, String metric, double value, double normalized) {
    }

    /** The feature matrix of a set of queries: rows are queries, columns (scenario, metric) pairs. */
    public record Matrix(List<String> queries, List<String> columns, double[][] values) {
    }

    private Profiles() {
    }

    public static List<Entry> build(ExperimentData data, List<String> metrics) {
        List<Entry> entries = new ArrayList<>();
        for (String scenario : data.scenarios()) {
            for (String metric : metrics) {
                entries.addAll(normalized(data, scenario, metric, c -> true));
            }
        }
        return entries;
    }

    private static List<Entry> normalized(ExperimentData data, String scenario, String metric,
                                          Predicate<MeasuredCell> cells) {
        List<Entry> result = new ArrayList<>();
        double max = 0;
        List<double[]> values = new ArrayList<>();
        List<String> queries = new ArrayList<>();
        for (String query : data.queries()) {
            OptionalDouble v = mean(data, scenario, query, metric, cells);
            if (v.isPresent()) {
                queries.add(query);
                values.add(new double[]{v.getAsDouble()});
                max = Math.max(max, v.getAsDouble());
            }
        }
        for (int i = 0; i < queries.size(); i++) {
            double v = values.get(i)[0];
            result.add(new Entry(scenario, queries.get(i), metric, v, max > 0 ? v / max : 0));
        }
        return result;
    }

    private static OptionalDouble mean(ExperimentData data, String scenario, String query, String metric,
                                       Predicate<MeasuredCell> cells) {
        return data.cellsOf(scenario).stream().filter(cells).map(c -> c.queries().get(query))
                .filter(java.util.Objects::nonNull).map(m -> Metrics.value(m, metric))
                .filter(java.util.Objects::nonNull).mapToDouble(Double::doubleValue).average();
    }

    /**
     * The profile of every query measured in all of {@code scenarios} (normalized values of each metric in each
     * scenario side by side), using only the cells {@code cells} accepts (e.g. one repetition). Scenarios that did
     * not measure every query (single-query workloads) are left out.
     */
    public static Matrix matrix(ExperimentData data, List<String> metrics, List<String> scenarios,
                                Predicate<MeasuredCell> cells) {
        List<String> usable = new ArrayList<>();
        List<String> queries = data.queries();
        for (String s : scenarios) {
            boolean all = queries.stream().allMatch(q -> mean(data, s, q, Metrics.RESPONSE, cells).isPresent());
            if (all) {
                usable.add(s);
            }
        }
        List<String> columns = new ArrayList<>();
        List<double[]> cols = new ArrayList<>();
        for (String s : usable) {
            for (String m : metrics) {
                List<Entry> entries = normalized(data, s, m, cells);
                if (entries.size() != queries.size()) {
                    continue;
                }
                columns.add(s + ":" + m);
                cols.add(entries.stream().mapToDouble(Entry::normalized).toArray());
            }
        }
        double[][] values = new double[queries.size()][cols.size()];
        for (int j = 0; j < cols.size(); j++) {
            for (int i = 0; i < queries.size(); i++) {
                values[i][j] = cols.get(j)[i];
            }
        }
        return new Matrix(queries, columns, values);
    }
}
