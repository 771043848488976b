package io.tunescope.analysis;

import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;

import java.util.List;

/**
 * Every analysis of one experiment directory, written next to its cells: profiles.json, groups.json,
 * comparisons.json, group-changes.json and prediction.json.
 */
public record ExperimentAnalysis(ExperimentData data, List<String> metrics, boolean monitored,
                                 List<Profiles.Entry> profiles, GroupAnalysis.Report groups,
                                 List<ScenarioComparison.Change> comparisons,
                                 List<ScenarioComparison.GroupChange> groupChanges, Prediction.Report prediction) {

    public static ExperimentAnalysis of(ExperimentData data, long seed) {
        List<String> metrics = Metrics.available(data);
        GroupAnalysis.Report groups = GroupAnalysis.analyze(data, seed);
        List<ScenarioComparison.Change> comparisons = ScenarioComparison.compare(data);
        return new ExperimentAnalysis(data, metrics, Metrics.monitored(data), Profiles.build(data, metrics), groups,
                comparisons, ScenarioComparison.byGroup(comparisons, groups.groups()),
                Prediction.evaluate(data, seed).withGroups(groups.groups()));
    }

    public void writeJson(ResultsDir results) {
        Json.writeAtomically(results.profiles(), profiles);
        Json.writeAtomically(results.groups(), groups);
        Json.writeAtomically(results.comparisons(), comparisons);
        Json.writeAtomically(results.groupChanges(), groupChanges);
        Json.writeAtomically(results.prediction(), prediction);
    }
}
