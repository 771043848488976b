package io.tunescope.tune.strategy;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class QuadraticTrendTest {
    @Test
    void recoversASeparableBowlAndIgnoresCategoricalCoordinates() {
        Random rng = new Random(5);
        double[][] x = new double[40][3];
        double[] y = new double[40];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < 3; j++) {
                x[i][j] = rng.nextDouble();
            }
            y[i] = 2 + 3 * (x[i][0] - 0.3) * (x[i][0] - 0.3) + (x[i][1] - 0.8) * (x[i][1] - 0.8);
        }
        QuadraticTrend t = QuadraticTrend.fit(x, y, new boolean[] {false, false, true});
        assertThat(QuadraticTrend.basisSize(new boolean[] {false, false, true})).isEqualTo(5);
        double[] p = {0.3, 0.8, 0.1};
        assertThat(t.at(p)).isCloseTo(2.0, within(0.05));
        assertThat(t.at(new double[] {0.3, 0.8, 0.9})).isEqualTo(t.at(p));
        assertThat(t.at(new double[] {0.9, 0.2, 0.1})).isGreaterThan(t.at(p) + 1);
        assertThat(QuadraticTrend.none(new boolean[3]).at(p)).isZero();
    }
}
