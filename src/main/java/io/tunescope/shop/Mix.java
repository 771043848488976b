package io.tunescope.shop;

import io.tunescope.BadInputException;

import java.util.Arrays;
import java.util.Locale;

/**
 * The three TPC-W mixes as percentages of all interactions, in the order of {@link Interaction}: Chung and Hollingsworth 2004
 * (Chung and Hollingsworth, "Automated Cluster-Based Web Service Performance Tuning"), Table 1, which reproduces the
 * TPC-W specification's mix table. Each row sums to 100.
 */
public enum Mix {
    BROWSING(29.00, 11.00, 11.00, 21.00, 12.00, 11.00, 2.00, 0.82, 0.75, 0.69, 0.30, 0.25, 0.10, 0.09),
    SHOPPING(16.00, 5.00, 5.00, 17.00, 20.00, 17.00, 11.60, 3.00, 2.60, 1.20, 0.75, 0.66, 0.10, 0.09),
    ORDERING(9.12, 0.46, 0.46, 12.35, 14.53, 13.08, 13.53, 12.86, 12.73, 10.18, 0.25, 0.22, 0.12, 0.11);

    private final double[] percent;

    Mix(double... percent) {
        this.percent = percent;
    }

    /** The specification's share of {@code interaction}, in percent. */
    public double specPercent(Interaction interaction) {
        return percent[interaction.ordinal()];
    }

    /** The shares of all 14 interactions as fractions summing to 1, in the order of {@link Interaction}. */
    public double[] shares() {
        double total = Arrays.stream(percent).sum();
        return Arrays.stream(percent).map(p -> p / total).toArray();
    }

    /** The mix's name on the command line and in summaries: {@code browsing}, {@code shopping}, {@code ordering}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Mix parse(String text) {
        for (Mix m : values()) {
            if (m.label().equals(text)) {
                return m;
            }
        }
        throw BadInputException.of("mix", text, "must be one of browsing, shopping, ordering");
    }
}
