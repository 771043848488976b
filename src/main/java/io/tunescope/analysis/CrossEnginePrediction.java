package io.tunescope.analysis;

import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Prediction across engines: the model of {@link Prediction} trained on every scenario of one
 * engine's experiment, tested on the scenarios of the other engine's that it never saw, in both directions. Response
 * times differ between engines by far more than any factor moves them, so the tested engine lends one scenario, its
 * reference (the first in the plan's factorial order: the first level of every factor), and each other scenario is
 * predicted as the reference's time times the ratio the trained engine's model gives between the two scenarios'
 * levels, per query group (groups found on the trained engine). The baseline predicts the reference's time: nothing
 * changes. Errors are median absolute percentage errors (fractions), overall, per hidden scenario and per group.
 * This is {@code cross-engine.json}.
 */
public final class CrossEnginePrediction {
    /** One direction: trained on {@code trainedOn}'s scenarios, tested on {@code testedOn}'s other scenarios. */
    public record Direction(String trainedOn, String testedOn, String reference, Double mape, Double baselineMape,
                            int scenarios, List<Prediction.ScenarioError> perScenario,
                            List<Prediction.GroupError> perGroup, List<Prediction.Point> points) {
    }

    public record Report(String errorStatistic, String method, List<Direction> directions) {
    }

    private CrossEnginePrediction() {
    }

    /** Both directions between two experiments (one per engine, with the same factors, as the SF 1 plans have). */
    public static Report evaluate(ExperimentData first, ExperimentData second, long seed) {
        if (!first.factors().keySet().equals(second.factors().keySet())) {
            // a factor one engine never varied has no effect to carry over: the model would be the baseline
            throw BadInputException.of("--cross-engine", second.name() + " (factors " + second.factors().keySet()
                    + ")", "must vary the same factors as " + first.name() + " (" + first.factors().keySet() + ")");
        }
        String method = "trained on every scenario of one engine (log response time = query effect + per-group "
                + "factor-level effects, groups by k-means++ on that engine's profiles); tested on every other scenario"
                + " of the other engine, predicted as its reference scenario's time times the trained model's ratio "
                + "between the two scenarios' levels; baseline: the reference scenario's time";
        return new Report("median absolute percentage error, as a fraction", method,
                List.of(direction(first, second, seed), direction(second, first, seed)));
    }

    static Direction direction(ExperimentData train, ExperimentData test, long seed) {
        List<GroupAnalysis.Group> groups = GroupAnalysis.analyze(train, seed).groups();
        Map<String, Integer> groupOf = new HashMap<>();
        groups.forEach(g -> g.queries().forEach(q -> groupOf.put(q, g.id())));
        AdditiveLogModel model = AdditiveLogModel.fit(Prediction.observations(train, train.scenarios(), groupOf),
                false);
        List<String> scenarios = test.scenarios();
        String reference = scenarios.isEmpty() ? null : scenarios.get(0);
        List<Prediction.Point> points = new ArrayList<>();
        List<Prediction.ScenarioError> perScenario = new ArrayList<>();
        for (String hidden : scenarios.subList(Math.min(1, scenarios.size()), scenarios.size())) {
            List<Prediction.Point> fold = new ArrayList<>();
            for (String query : test.queries()) {
                Prediction.Point point = point(model, test, reference, hidden, query, groupOf.getOrDefault(query, 0));
                if (point != null) {
                    fold.add(point);
                }
            }
            if (!fold.isEmpty()) {
                perScenario.add(new Prediction.ScenarioError(hidden, Prediction.medianApe(fold, false),
                        Prediction.medianApe(fold, true), fold.size()));
                points.addAll(fold);
            }
        }
        Prediction.Report split = new Prediction.Report(null, null, perScenario.size(), null, null, perScenario,
                points, List.of()).withGroups(groups);
        return new Direction(train.name(), test.name(), reference,
                points.isEmpty() ? null : Prediction.medianApe(points, false),
                points.isEmpty() ? null : Prediction.medianApe(points, true), perScenario.size(), perScenario,
                split.perGroup(), points);
    }

    /** One prediction, or null when the query lacks a time in either scenario or was never measured in training. */
    private static Prediction.Point point(AdditiveLogModel model, ExperimentData test, String reference,
                                          String hidden, String query, int group) {
        OptionalDouble measured = test.mean(hidden, query, Metrics.RESPONSE);
        OptionalDouble base = test.mean(reference, query, Metrics.RESPONSE);
        Double atHidden = model.predictMillis(query, group, test.levelsOf(hidden));
        Double atReference = model.predictMillis(query, group, test.levelsOf(reference));
        if (measured.isEmpty() || measured.getAsDouble() <= 0 || base.isEmpty() || base.getAsDouble() <= 0
                || atHidden == null || atReference == null) {
            return null;
        }
        return new Prediction.Point(hidden, query, measured.getAsDouble(),
                base.getAsDouble() * atHidden / atReference, base.getAsDouble());
    }
}
