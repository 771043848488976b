package io.tunescope.workload.tpcc;

import java.util.SplittableRandom;

/**
 * A terminal's keying and think times (clause 5.2.5): keying a fixed time per transaction before it starts (New-Order
 * 18 s, Payment 3 s, the others 2 s), thinking after it a time drawn from a negative exponential distribution with the
 * transaction's mean (New-Order and Payment 12 s, Order-Status 10 s, Delivery and Stock-Level 5 s), cut at ten times
 * the mean (clause 5.2.5.4). Drawn from a stream of its own, so the transactions and their inputs stay those of a run
 * without waits.
 */
final class TpccWaits {
    static final long[] KEYING_MILLIS = {18_000, 3_000, 2_000, 2_000, 2_000};
    static final long[] MEAN_THINK_MILLIS = {12_000, 12_000, 10_000, 5_000, 5_000};
    private static final int MAX_THINK_OF_MEAN = 10;

    private final SplittableRandom draws;

    TpccWaits(long seed) {
        this.draws = new SplittableRandom(seed ^ 0x5DEECE66DL);
    }

    long keyingNanos(int index) {
        return KEYING_MILLIS[index] * 1_000_000;
    }

    long thinkNanos(int index) {
        double meanNanos = MEAN_THINK_MILLIS[index] * 1e6;
        double think = -Math.log(1.0 - draws.nextDouble()) * meanNanos;
        return (long) Math.min(think, MAX_THINK_OF_MEAN * meanNanos);
    }
}
