package io.tunescope.tune.cluster;

import io.tunescope.BadInputException;

import java.util.Arrays;
import java.util.Locale;

/**
 * How a cluster's knobs are grouped into tuners (Chung and Hollingsworth 2004): one tuner over every node's knobs ({@code default}), one
 * tuner per tier over a representative node whose values are copied to its peers ({@code duplication}), or one
 * independent tuner per work line ({@code partitioning}).
 */
public enum TuningMode {
    DEFAULT, DUPLICATION, PARTITIONING;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TuningMode parse(String text) {
        return Arrays.stream(values()).filter(m -> m.label().equals(text)).findFirst()
                .orElseThrow(() -> BadInputException.of("mode", text, "must be one of default, duplication, "
                        + "partitioning"));
    }
}
