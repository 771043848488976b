package io.tunescope.analysis.usl;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class UslAnalysisTest {
    @Test
    void bootstrapIntervalsBracketTheEstimateAndRepeatWithTheSeed() {
        UslModel truth = new UslModel(0.05, 0.002, 1e6);
        Random random = new Random(7);
        List<UslPoint> pts = new ArrayList<>();
        for (int n : new int[] {1, 2, 4, 8, 16, 24, 32, 48}) {
            pts.add(new UslPoint(n, truth.throughputAt(n) * (1 + 0.03 * random.nextGaussian())));
        }
        UslResult a = UslAnalysis.analyze(pts, 200, 11);
        UslResult b = UslAnalysis.analyze(pts, 200, 11);
        assertThat(a.ci95().samples()).isGreaterThan(190);
        assertThat(a.ci95().sigma()[0]).isLessThanOrEqualTo(a.sigma());
        assertThat(a.ci95().sigma()[1]).isGreaterThanOrEqualTo(a.sigma());
        assertThat(a.ci95().kappa()[0]).isLessThanOrEqualTo(a.kappa());
        assertThat(a.ci95().kappa()[1]).isGreaterThanOrEqualTo(a.kappa());
        assertThat(a.ci95().kappa()).containsExactly(b.ci95().kappa());
        assertThat(a.peakThreads()).isBetween(15, 27);
        assertThat(a.warnings()).isEmpty();
    }

    @Test
    void warnsWhenThePointsStopBeforeTheKnee() {
        UslModel truth = new UslModel(0.02, 0.0005, 1000);
        List<UslPoint> pts = new ArrayList<>();
        for (int n = 1; n <= 8; n++) {
            pts.add(new UslPoint(n, truth.throughputAt(n)));
        }
        UslResult r = UslAnalysis.analyze(pts, 0, 1);
        assertThat(r.ci95()).isNull();
        assertThat(r.peakThreads()).isEqualTo(44);
        assertThat(r.warnings()).anyMatch(w -> w.contains("do not reach the knee"));
    }
}
