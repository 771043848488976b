package io.tunescope.shop.browser;

import io.tunescope.shop.Interaction;
import io.tunescope.shop.Mix;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TransitionMatrixTest {
    @ParameterizedTest
    @EnumSource(Mix.class)
    void theLongRunSharesAreTheMixWithinHalfAPercentagePoint(Mix mix) {
        double[] stationary = TransitionMatrix.of(mix).stationary();
        for (Interaction i : Interaction.values()) {
            assertThat(100 * stationary[i.ordinal()]).as("%s %s", mix, i)
                    .isCloseTo(mix.specPercent(i), within(0.5));
        }
    }

    @ParameterizedTest
    @EnumSource(Mix.class)
    void rowsAreDistributionsOverTheStoresLinksOnly(Mix mix) {
        TransitionMatrix m = TransitionMatrix.of(mix);
        for (Interaction from : Interaction.values()) {
            double sum = 0;
            for (Interaction to : Interaction.values()) {
                double p = m.probability(from, to);
                assertThat(p).isBetween(0.0, 1.0);
                if (!TransitionMatrix.linked(from, to)) {
                    assertThat(p).as("%s -> %s is no link", from, to).isZero();
                }
                sum += p;
            }
            assertThat(sum).as("row %s", from).isCloseTo(1.0, within(1e-9));
        }
        assertThat(m.probability(Interaction.HOME, Interaction.BUY_CONFIRM)).isZero();
    }

    @ParameterizedTest
    @EnumSource(Mix.class)
    void aWalkVisitsPagesInTheMixsShares(Mix mix) {
        TransitionMatrix m = TransitionMatrix.of(mix);
        SplittableRandom random = new SplittableRandom(5);
        int[] visits = new int[Interaction.values().length];
        Interaction at = Interaction.HOME;
        int steps = 400_000;
        for (int k = 0; k < steps; k++) {
            at = m.next(at, random);
            visits[at.ordinal()]++;
        }
        for (Interaction i : Interaction.values()) {
            assertThat(100.0 * visits[i.ordinal()] / steps).as("%s %s", mix, i)
                    .isCloseTo(mix.specPercent(i), within(0.5));
        }
    }
}
