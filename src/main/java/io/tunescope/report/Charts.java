package io.tunescope.report;

import io.tunescope.analysis.CrossEnginePrediction;
import io.tunescope.analysis.ExperimentAnalysis;

import java.util.ArrayList;
import java.util.List;

/** Every chart of a report, by section. */
record Charts(List<ReportChart> profiles, List<ReportChart> groups, List<ReportChart> comparisons,
              List<ReportChart> prediction, List<ReportChart> crossEngine) {

    static Charts of(ExperimentAnalysis a) {
        return of(a, null);
    }

    /** With {@code cross}, the prediction across engines (null: none asked). */
    static Charts of(ExperimentAnalysis a, CrossEnginePrediction.Report cross) {
        System.setProperty("java.awt.headless", "true");
        return new Charts(List.of(ProfileCharts.metricsByQuery(a), ProfileCharts.responseByScenario(a)),
                List.of(GroupCharts.map(a), GroupCharts.traits(a), GroupCharts.againstStudy(a)), ComparisonCharts.all(a),
                a.prediction().points().isEmpty() ? List.of()
                        : List.of(PredictionCharts.errorByScenario(a), PredictionCharts.predictedVsMeasured(a)),
                cross == null ? List.of() : List.of(CrossEngineCharts.errorByGroup(cross)));
    }

    List<ReportChart> all() {
        List<ReportChart> all = new ArrayList<>(profiles);
        all.addAll(groups);
        all.addAll(comparisons);
        all.addAll(prediction);
        all.addAll(crossEngine);
        return all;
    }
}
