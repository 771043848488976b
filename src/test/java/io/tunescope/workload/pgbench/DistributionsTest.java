package io.tunescope.workload.pgbench;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DistributionsTest {
    private static final int DRAWS = 200_000;

    @Test
    void uniformCoversTheRangeEvenly() throws Exception {
        SplittableRandom random = new SplittableRandom(1);
        int[] counts = new int[10];
        for (int i = 0; i < DRAWS; i++) {
            long v = Distributions.uniform(random, 1, 10);
            assertThat(v).isBetween(1L, 10L);
            counts[(int) v - 1]++;
        }
        for (int c : counts) {
            assertThat(c).isBetween(DRAWS / 10 - 1000, DRAWS / 10 + 1000);
        }
        assertThatThrownBy(() -> Distributions.uniform(random, 5, 4)).hasMessageContaining("empty range");
    }

    @Test
    void zipfianFollowsTheDocumentedRatio() throws Exception {
        // the probability of k over k+1 is ((k+1)/k)^s: with s = 2.5, 1 comes 2^2.5 = 5.66 times as often as 2
        SplittableRandom random = new SplittableRandom(2);
        int[] counts = new int[101];
        for (int i = 0; i < DRAWS; i++) {
            long v = Distributions.zipfian(random, 1, 100, 2.5);
            assertThat(v).isBetween(1L, 100L);
            counts[(int) v]++;
        }
        assertThat((double) counts[1] / counts[2]).isBetween(5.3, 6.0);
        assertThat((double) counts[2] / counts[3]).isBetween(2.5, 3.05);
        assertThatThrownBy(() -> Distributions.zipfian(random, 1, 10, 1.0)).hasMessageContaining("[1.001, 1000.0]");
    }

    @Test
    void gaussianIsCentredAndBounded() throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        double sum = 0;
        int middle = 0;
        for (int i = 0; i < DRAWS; i++) {
            long v = Distributions.gaussian(random, 1, 1000, 2.5);
            assertThat(v).isBetween(1L, 1000L);
            sum += v;
            if (v > 400 && v <= 600) {
                middle++;
            }
        }
        assertThat(sum / DRAWS).isBetween(495.0, 506.0);
        // the middle 20% of the range is +-0.5 standard deviations at parameter 2.5: about 39% of draws, not 20%
        assertThat((double) middle / DRAWS).isBetween(0.36, 0.42);
        assertThatThrownBy(() -> Distributions.gaussian(random, 1, 10, 1.5)).hasMessageContaining("at least 2.0");
    }

    @Test
    void exponentialFavoursTheLowEnd() throws Exception {
        SplittableRandom random = new SplittableRandom(4);
        int lowerTenth = 0;
        for (int i = 0; i < DRAWS; i++) {
            long v = Distributions.exponential(random, 1, 100, 5.0);
            assertThat(v).isBetween(1L, 100L);
            if (v <= 10) {
                lowerTenth++;
            }
        }
        // P(first 10%) = (1 - e^-0.5) / (1 - e^-5) = 0.3961
        assertThat((double) lowerTenth / DRAWS).isBetween(0.385, 0.407);
        assertThatThrownBy(() -> Distributions.exponential(random, 1, 10, 0)).hasMessageContaining("greater than zero");
    }

    @Test
    void sameSeedSameDraws() throws Exception {
        SplittableRandom a = new SplittableRandom(9);
        SplittableRandom b = new SplittableRandom(9);
        for (int i = 0; i < 100; i++) {
            assertThat(Distributions.zipfian(a, 1, 1000, 1.2)).isEqualTo(Distributions.zipfian(b, 1, 1000, 1.2));
        }
    }
}
