package io.tunescope.analysis;

import org.hipparchus.distribution.continuous.TDistribution;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Per query, the percent change in mean response time when one factor moves from its first level to another with
 * every other factor held (the study's Figure 2). Each matched pair of scenarios and each repetition measured in
 * both gives one log ratio; the change is the back-transformed mean log ratio, and its 95 % interval is Student's t
 * over those ratios (null with fewer than two). This is {@code comparisons.json}.
 */
public final class ScenarioComparison {
    /** One query's change; {@code ci95} is null when only one ratio was measured. */
    public record Change(String factor, String from, String to, String query, double changePercent, double[] ci95,
                         int ratios, double fromMillis, double toMillis) {
    }

    /** How a group of queries fares in one comparison: the median change of its members. */
    public record GroupChange(String factor, String from, String to, int group, List<String> queries,
                              double medianChangePercent, String verdict) {
    }

    private ScenarioComparison() {
    }

    public static List<Change> compare(ExperimentData data) {
        List<Change> changes = new ArrayList<>();
        for (Map.Entry<String, List<String>> factor : data.factors().entrySet()) {
            List<String> levels = factor.getValue();
            for (int i = 1; i < levels.size(); i++) {
                for (String query : data.queries()) {
                    compare(data, factor.getKey(), levels.get(0), levels.get(i), query).ifPresent(changes::add);
                }
            }
        }
        return changes;
    }

    private static Optional<Change> compare(ExperimentData data, String factor, String from, String to, String query) {
        List<Double> logRatios = new ArrayList<>();
        double fromSum = 0;
        double toSum = 0;
        for (MeasuredCell a : data.cells()) {
            QueryMeasure qa = a.queries().get(query);
            if (qa == null || !from.equals(a.levels().get(factor))) {
                continue;
            }
            Map<String, String> target = new LinkedHashMap<>(a.levels());
            target.put(factor, to);
            for (MeasuredCell b : data.cells()) {
                QueryMeasure qb = b.queries().get(query);
                if (qb != null && b.repetition() == a.repetition() && b.levels().equals(target)
                        && qa.responseMillis() > 0 && qb.responseMillis() > 0) {
                    logRatios.add(Math.log(qb.responseMillis() / qa.responseMillis()));
                    fromSum += qa.responseMillis();
                    toSum += qb.responseMillis();
                }
            }
        }
        if (logRatios.isEmpty()) {
            return Optional.empty();
        }
        int n = logRatios.size();
        double mean = logRatios.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double[] ci = null;
        if (n >= 2) {
            double var = logRatios.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (n - 1);
            double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(var / n);
            ci = new double[]{percent(mean - half), percent(mean + half)};
        }
        return Optional.of(new Change(factor, from, to, query, percent(mean), ci, n, fromSum / n, toSum / n));
    }

    private static double percent(double logRatio) {
        return Math.round((Math.exp(logRatio) - 1) * 100_000) / 1000.0;
    }

    /** Per comparison and group, the median change; below -5 % a group gains, above +5 % it loses. */
    public static List<GroupChange> byGroup(List<Change> changes, List<GroupAnalysis.Group> groups) {
        List<GroupChange> result = new ArrayList<>();
        Map<String, List<Change>> byComparison = new LinkedHashMap<>();
        changes.forEach(c -> byComparison.computeIfAbsent(c.factor() + "\u0000" + c.from() + "\u0000" + c.to(),
                k -> new ArrayList<>()).add(c));
        for (List<Change> list : byComparison.values()) {
            Change first = list.get(0);
            for (GroupAnalysis.Group g : groups) {
                double[] values = list.stream().filter(c -> g.queries().contains(c.query()))
                        .mapToDouble(Change::changePercent).sorted().toArray();
                if (values.length == 0) {
                    continue;
                }
                double median = Stats.median(values);
                String verdict = median < -5 ? "gains" : median > 5 ? "loses" : "about the same";
                result.add(new GroupChange(first.factor(), first.from(), first.to(), g.id(), g.queries(), median,
                        verdict));
            }
        }
        return result;
    }
}
