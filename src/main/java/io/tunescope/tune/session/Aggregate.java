package io.tunescope.tune.session;

import io.tunescope.BadInputException;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** How repeated measurements of one configuration become one objective value. */
public enum Aggregate {
    MEDIAN, MEAN;

    public static Aggregate parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw BadInputException.of("aggregate", text, "must be median or mean");
        }
    }

    public double apply(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no measurements to aggregate");
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        return this == MEAN ? Arrays.stream(v).average().orElseThrow()
                : new org.hipparchus.stat.descriptive.rank.Median().evaluate(v);
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
