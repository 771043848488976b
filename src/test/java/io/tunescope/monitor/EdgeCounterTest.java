package io.tunescope.monitor;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Interpolated edges split growth additively, and are exact where counters were read at every tick. */
class EdgeCounterTest {
    private static final int TICKS = 60;

    private static double delta(long[] values, double[] weights, int every, long from, long to) {
        EdgeCounter c = new EdgeCounter(from, to, -1, false);
        for (int t = 0; t < TICKS; t++) {
            boolean read = t % every == 0 || t == TICKS - 1;
            c.offer(t * 10L, weights[t], read ? values[t] : -1);
        }
        Double d = c.delta();
        return d == null ? Double.NaN : d;
    }

    private static void script(long seed, long[] values, double[] weights) {
        Random rnd = new Random(seed);
        long v = rnd.nextInt(1000);
        for (int t = 0; t < TICKS; t++) {
            weights[t] = rnd.nextInt(3) == 0 ? 0 : 1;
            v += weights[t] > 0 ? 1 + rnd.nextInt(100) : 0;
            values[t] = v;
        }
    }

    @Property(tries = 200)
    void adjacentWindowsAddUp(@ForAll @LongRange(min = 1) long seed, @ForAll @IntRange(min = 1, max = 9) int every,
                              @ForAll @IntRange(min = 0, max = 590) int a, @ForAll @IntRange(min = 0, max = 590) int b,
                              @ForAll @IntRange(min = 0, max = 590) int c) {
        long[] values = new long[TICKS];
        double[] weights = new double[TICKS];
        script(seed, values, weights);
        long[] e = java.util.stream.LongStream.of(a, b, c).sorted().toArray();
        double whole = delta(values, weights, every, e[0], e[2]);
        double parts = delta(values, weights, every, e[0], e[1]) + delta(values, weights, every, e[1], e[2]);
        assertThat(parts).isCloseTo(whole, within(1e-6));
    }

    @Property(tries = 200)
    void readingsAtEveryTickAreExact(@ForAll @LongRange(min = 1) long seed,
                                     @ForAll @IntRange(min = 0, max = 58) int from,
                                     @ForAll @IntRange(min = 0, max = 58) int length) {
        long[] values = new long[TICKS];
        double[] weights = new double[TICKS];
        script(seed, values, weights);
        int to = Math.min(TICKS - 1, from + length);
        assertThat(delta(values, weights, 1, from * 10L, to * 10L)).isEqualTo((double) (values[to] - values[from]));
    }
}
