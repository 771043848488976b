package io.tunescope.analysis.usl;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class UslFitterTest {
    /**
     * Gunther's worked example as used by the R package usl (smoeding/usl, tests/coef.R and its saved output
     * tests/coef.Rout.save): relative capacity at loads 1..10, published coefficients sigma = 0.02, kappa = 0.02,
     * lambda (gamma) = 1.
     */
    static final double[][] GUNTHER_EXAMPLE = {
            {1, 1}, {2, 1.8868}, {4, 3.0769}, {6, 3.5294}, {8, 3.5398}, {10, 3.3557}};

    static List<UslPoint> points(double[][] rows) {
        List<UslPoint> out = new ArrayList<>();
        for (double[] r : rows) {
            out.add(new UslPoint(r[0], r[1]));
        }
        return out;
    }

    @Test
    void recoversThePublishedCoefficientsOfGunthersExample() {
        UslModel m = UslFitter.fit(points(GUNTHER_EXAMPLE));
        assertThat(m.sigma()).isCloseTo(0.02, within(1e-3));
        assertThat(m.kappa()).isCloseTo(0.02, within(1e-3));
        assertThat(m.lambda()).isCloseTo(1.0, within(1e-3));
        assertThat(UslFitter.rSquared(m, points(GUNTHER_EXAMPLE))).isGreaterThan(0.9999);
        // N* = floor(sqrt(0.98 / 0.02)) = floor(7.0) = 7
        assertThat(m.peakThreads()).isEqualTo(7);
    }

    @Test
    void peakOfThePublishedSpecSdm91Model() {
        // SPEC SDM91 on a Sun SPARCcenter 2000 (Gunther, Guerrilla Capacity Planning, 2007); coefficients as the R
        // package usl reports them: sigma 0.0277285, kappa 0.0001044, lambda 89.9952; its peak.scalability is 96.5.
        UslModel m = new UslModel(0.0277285, 0.0001044, 89.9952382);
        assertThat(m.peakThreads()).isEqualTo(96);
        assertThat(m.peakThroughput()).isCloseTo(m.throughputAt(96), within(1e-9));
        assertThat(m.throughputAt(96)).isGreaterThan(m.throughputAt(60)).isGreaterThan(m.throughputAt(200));
    }

    @Test
    void fullContentionPeaksAtOne() {
        assertThat(new UslModel(1.0, 0.3, 100).peakThreads()).isEqualTo(1);
        assertThat(new UslModel(1.0, 0.0, 100).peakThreads()).isEqualTo(1);
        assertThat(new UslModel(0.5, 0.0, 100).peakThreads()).isEqualTo(Integer.MAX_VALUE);
        assertThat(new UslModel(0.5, 0.0, 100).peakThroughput()).isEqualTo(200.0);
    }

    @Test
    void linearScalingHasNoPeak() {
        List<UslPoint> linear = new ArrayList<>();
        for (int n = 1; n <= 8; n++) {
            linear.add(new UslPoint(n, 1000.0 * n));
        }
        UslModel m = UslFitter.fit(linear);
        assertThat(m.sigma()).isLessThan(1e-6);
        assertThat(m.kappa()).isLessThan(1e-6);
        assertThat(m.lambda()).isCloseTo(1000, within(0.01));
        assertThat(m.peakThreads()).isEqualTo(Integer.MAX_VALUE);
    }

    @Property(tries = 40)
    void recoversSyntheticCoefficientsWithoutNoise(@ForAll @DoubleRange(min = 0.0, max = 0.3) double sigma,
                                                   @ForAll @DoubleRange(min = 0.0005, max = 0.05) @Scale(6) double kappa,
                                                   @ForAll @DoubleRange(min = 10, max = 1e7) double lambda) {
        UslModel truth = new UslModel(sigma, kappa, lambda);
        List<UslPoint> pts = new ArrayList<>();
        for (int n : new int[] {1, 2, 4, 8, 16, 32, 64}) {
            pts.add(new UslPoint(n, truth.throughputAt(n)));
        }
        UslModel fit = UslFitter.fit(pts);
        assertThat(fit.sigma()).isCloseTo(sigma, within(1e-4));
        assertThat(fit.kappa()).isCloseTo(kappa, within(1e-5 + kappa * 1e-3));
        assertThat(fit.lambda() / lambda).isCloseTo(1.0, within(1e-4));
    }

    @Property(tries = 30)
    void fitWithNoiseTracksTheCurve(@ForAll @DoubleRange(min = 0.0, max = 0.2) double sigma,
                                    @ForAll @DoubleRange(min = 0.001, max = 0.02) @Scale(6) double kappa,
                                    @ForAll @LongRange(min = 0, max = 1000) long seed) {
        UslModel truth = new UslModel(sigma, kappa, 5e5);
        Random random = new Random(seed);
        List<UslPoint> pts = new ArrayList<>();
        for (int n : new int[] {1, 2, 3, 4, 6, 8, 12, 16, 24, 32}) {
            pts.add(new UslPoint(n, truth.throughputAt(n) * (1 + 0.02 * random.nextGaussian())));
        }
        UslModel fit = UslFitter.fit(pts);
        for (int n = 1; n <= 32; n++) {
            assertThat(fit.throughputAt(n) / truth.throughputAt(n)).isCloseTo(1.0, within(0.08));
        }
    }
}
