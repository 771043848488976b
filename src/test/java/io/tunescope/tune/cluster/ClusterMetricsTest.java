package io.tunescope.tune.cluster;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ClusterMetricsTest {
    private static final List<Double> A = List.of(50.0, 60.0, Double.NaN, 90.0, 100.0, 80.0);
    private static final List<Double> B = List.of(70.0, 96.0, 95.0, 95.5);

    @Test
    void trialsTo95PercentCountsToTheFirstTrialWithin95PercentOfTheReference() {
        assertThat(ClusterMetrics.trialsTo95Percent(A, 100).getAsInt()).isEqualTo(5);
        assertThat(ClusterMetrics.trialsTo95Percent(B, 100).getAsInt()).isEqualTo(2);
        assertThat(ClusterMetrics.trialsTo95Percent(A, 94.0).getAsInt()).isEqualTo(4);
        assertThat(ClusterMetrics.trialsTo95Percent(List.of(10.0, 20.0), 100)).isEmpty();
    }

    @Test
    void stdIsTheSampleStandardDeviationOfTheMeasuredTrials() {
        // 50, 60, 90, 100, 80: mean 76, squares 676 + 256 + 196 + 576 + 16 = 1720, / 4 = 430
        assertThat(ClusterMetrics.std(A)).isCloseTo(Math.sqrt(430), within(1e-9));
        assertThat(ClusterMetrics.std(List.of(5.0))).isNaN();
        assertThat(ClusterMetrics.best(A)).isEqualTo(100.0);
    }

    @Test
    void theComparisonMeasuresEveryModeAgainstTheBestOfAnyMode() {
        ModeRun.Outcome a = outcome(TuningMode.DEFAULT, A);
        ModeRun.Outcome b = outcome(TuningMode.DUPLICATION, B);
        var r = ClusterComparison.summarize(List.of(a, b), new ModeRun.Settings(6, "nelder-mead", 1), null, null,
                null);
        assertThat(r.referenceWips()).isEqualTo(100.0);
        assertThat(r.modes()).extracting(m -> m.mode()).containsExactly("default", "duplication");
        assertThat(r.modes().get(0).trialsTo95Percent()).isEqualTo(5);
        assertThat(r.modes().get(1).trialsTo95Percent()).isEqualTo(2);
        assertThat(r.modes().get(0).trials()).isEqualTo(6);
        assertThat(r.modes().get(0).wipsPerTrial().get(2)).isNull();
        assertThat(r.modes().get(1).bestWips()).isEqualTo(96.0);
        assertThat(r.reconfiguration()).isNull();
    }

    private static ModeRun.Outcome outcome(TuningMode mode, List<Double> wips) {
        List<ModeRun.ClusterTrial> trials = new java.util.ArrayList<>();
        for (int i = 0; i < wips.size(); i++) {
            trials.add(new ModeRun.ClusterTrial(i + 1, wips.get(i), java.util.Map.of(), List.of(), null));
        }
        return new ModeRun.Outcome(mode, trials, List.of(), List.of(), java.util.Map.of(), 0);
    }
}
