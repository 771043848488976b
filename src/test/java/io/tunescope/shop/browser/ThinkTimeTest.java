package io.tunescope.shop.browser;

import io.tunescope.BadInputException;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ThinkTimeTest {
    @Test
    void negativeExponentialWithMeanSevenSecondsTruncatedAtSeventy() {
        ThinkTime think = new ThinkTime(1);
        SplittableRandom random = new SplittableRandom(11);
        int n = 400_000;
        double sum = 0;
        double max = 0;
        int aboveMean = 0;
        for (int k = 0; k < n; k++) {
            double s = think.sampleNanos(random) / 1e9;
            sum += s;
            max = Math.max(max, s);
            if (s > 7) {
                aboveMean++;
            }
        }
        // the truncated mean is 7 (1 - e^-10), and P(T > 7 s) = e^-1
        assertThat(sum / n).isCloseTo(7 * (1 - Math.exp(-10)), within(0.05));
        assertThat((double) aboveMean / n).isCloseTo(Math.exp(-1), within(0.005));
        assertThat(max).isLessThanOrEqualTo(70.0).isGreaterThan(50.0);
    }

    @Test
    void sessionsLastAFifteenMinuteMeanCappedAtAnHourTimesTheScale() {
        ThinkTime think = new ThinkTime(0.1);
        SplittableRandom random = new SplittableRandom(12);
        int n = 200_000;
        double sum = 0;
        double max = 0;
        for (int k = 0; k < n; k++) {
            double s = think.sessionNanos(random) / 1e9;
            sum += s;
            max = Math.max(max, s);
        }
        assertThat(sum / n).isCloseTo(0.1 * 900 * (1 - Math.exp(-4)), within(1.0));
        assertThat(max).isLessThanOrEqualTo(360.0);
    }

    @Test
    void theScaleShrinksEveryThinkTime() {
        SplittableRandom a = new SplittableRandom(3);
        SplittableRandom b = new SplittableRandom(3);
        for (int k = 0; k < 1_000; k++) {
            assertThat((double) new ThinkTime(0.05).sampleNanos(a))
                    .isCloseTo(new ThinkTime(1).sampleNanos(b) * 0.05, within(2.0));
        }
        assertThatThrownBy(() -> new ThinkTime(0)).isInstanceOf(BadInputException.class)
                .hasMessage("think-scale (0.0) must be above 0 and at most 10");
    }
}
