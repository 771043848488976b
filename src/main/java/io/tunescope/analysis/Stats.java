package io.tunescope.analysis;

import java.util.Arrays;

/** Small order statistics used across the analyses. */
public final class Stats {
    private Stats() {
    }

    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("median of no values");
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
