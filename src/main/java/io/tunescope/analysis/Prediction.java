package io.tunescope.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Predicts a query's mean response time in a scenario that was not measured, evaluated leave-one-scenario-out:
 * each scenario in turn is hidden, the queries are grouped by their profile in the other scenarios, an
 * {@link AdditiveLogModel} is fitted on them, and the hidden scenario is predicted from its factor levels. The
 * naive baseline predicts each query's mean over the other scenarios. Errors are median absolute percentage errors
 * (as fractions: 0.18 = 18 %). This is {@code prediction.json}.
 */
public final class Prediction {
    public record Point(String scenario, String query, double measuredMillis, double predictedMillis,
                        double baselineMillis) {
    }

    public record ScenarioError(String scenario, double mape, double baselineMape, int queries) {
    }

    /** The errors over the queries of one group (the report's groups, found on every scenario). */
    public record GroupError(int group, List<String> queries, Double mape, Double baselineMape, int points) {
    }

    public record Report(Double mape, Double baselineMape, int scenarios, String errorStatistic, String method,
                         List<ScenarioError> perScenario, List<Point> points, List<GroupError> perGroup) {
        /** This report with its errors split by {@code groups} (each group's points pooled over the folds). */
        public Report withGroups(List<GroupAnalysis.Group> groups) {
            List<GroupError> split = new ArrayList<>();
            for (GroupAnalysis.Group g : groups) {
                List<Point> in = points.stream().filter(p -> g.queries().contains(p.query())).toList();
                split.add(new GroupError(g.id(), g.queries(), in.isEmpty() ? null : medianApe(in, false),
                        in.isEmpty() ? null : medianApe(in, true), in.size()));
            }
            return new Report(mape, baselineMape, scenarios, errorStatistic, method, perScenario, points, split);
        }
    }

    private Prediction() {
    }

    public static Report evaluate(ExperimentData data, long seed) {
        List<String> scenarios = data.scenarios();
        List<String> metrics = Metrics.available(data);
        List<Point> points = new ArrayList<>();
        List<ScenarioError> perScenario = new ArrayList<>();
        for (String hidden : scenarios) {
            if (scenarios.size() < 2) {
                break;
            }
            List<String> training = scenarios.stream().filter(s -> !s.equals(hidden)).toList();
            Map<String, Integer> groups = groups(data, metrics, training, hidden, seed);
            // main effects only: a study has too few, too noisy scenarios to estimate two-way interactions, and
            // fitting them made predictions worse (docs/findings.md, prediction)
            AdditiveLogModel model = AdditiveLogModel.fit(observations(data, training, groups), false);
            List<Point> fold = new ArrayList<>();
            for (String query : data.queries()) {
                OptionalDouble measured = data.mean(hidden, query, Metrics.RESPONSE);
                OptionalDouble baseline = training.stream().map(s -> data.mean(s, query, Metrics.RESPONSE))
                        .filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).average();
                Double predicted = model.predictMillis(query, groups.getOrDefault(query, 0), data.levelsOf(hidden));
                if (measured.isPresent() && measured.getAsDouble() > 0 && baseline.isPresent() && predicted != null) {
                    fold.add(new Point(hidden, query, measured.getAsDouble(), predicted, baseline.getAsDouble()));
                }
            }
            if (!fold.isEmpty()) {
                perScenario.add(new ScenarioError(hidden, medianApe(fold, false), medianApe(fold, true), fold.size()));
                points.addAll(fold);
            }
        }
        String method = "leave-one-scenario-out; log response time = query effect + per-group factor-level effects "
                + "(backfitting), groups by k-means++ on the profile in the training scenarios; baseline: the "
                + "query's mean response time over the training scenarios";
        return new Report(points.isEmpty() ? null : medianApe(points, false),
                points.isEmpty() ? null : medianApe(points, true), perScenario.size(),
                "median absolute percentage error, as a fraction", method, perScenario, points, List.of());
    }

    private static Map<String, Integer> groups(ExperimentData data, List<String> metrics, List<String> training,
                                               String hidden, long seed) {
        Profiles.Matrix matrix = Profiles.matrix(data, metrics, training, c -> !c.scenario().equals(hidden));
        Map<String, Integer> groups = new HashMap<>();
        if (matrix.columns().isEmpty()) {
            return groups;
        }
        QueryGrouping.Result r = QueryGrouping.cluster(matrix, seed);
        for (int i = 0; i < r.queries().size(); i++) {
            groups.put(r.queries().get(i), r.labels()[i]);
        }
        return groups;
    }

    static List<AdditiveLogModel.Observation> observations(ExperimentData data, List<String> training,
                                                                   Map<String, Integer> groups) {
        List<AdditiveLogModel.Observation> obs = new ArrayList<>();
        for (String s : training) {
            for (String q : data.queries()) {
                OptionalDouble t = data.mean(s, q, Metrics.RESPONSE);
                if (t.isPresent() && t.getAsDouble() > 0) {
                    obs.add(new AdditiveLogModel.Observation(q, groups.getOrDefault(q, 0), data.levelsOf(s),
                            Math.log(t.getAsDouble())));
                }
            }
        }
        return obs;
    }

    static double medianApe(List<Point> points, boolean baseline) {
        double[] errors = points.stream().mapToDouble(p -> Math.abs((baseline ? p.baselineMillis()
                : p.predictedMillis()) - p.measuredMillis()) / p.measuredMillis()).toArray();
        return Stats.median(errors);
    }
}
