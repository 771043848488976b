package io.tunescope.analysis;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StatsTest {
    @Test
    void confidenceIntervalMatchesStudentT() {
        // mean 10, sd 1, n 4: t(0.975, 3) = 3.182, half-width 3.182 * 1 / 2
        double[] ci = Stats.ci95(List.of(9.0, 9.0, 11.0, 11.0).stream().map(x -> x).toList());
        double sd = Math.sqrt(4.0 / 3);
        assertThat(ci[1] - 10).isCloseTo(3.1824 * sd / 2, org.assertj.core.api.Assertions.within(1e-3));
        assertThat(Stats.median(List.of(3.0, 1.0, 2.0, 10.0))).isEqualTo(2.5);
    }
}
