package io.tunescope.analysis;

import org.hipparchus.stat.descriptive.rank.Median;

/** Small order statistics used across the analyses. */
public final class Stats {
    private Stats() {
    }

    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("median of no values");
        }
        return new Median().evaluate(values);
    }
}
