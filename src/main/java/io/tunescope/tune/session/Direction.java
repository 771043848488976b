package io.tunescope.tune.session;

import io.tunescope.BadInputException;

import java.util.Locale;

/** Whether a lower or a higher objective is better. Strategies always minimise; the session flips the sign. */
public enum Direction {
    MINIMIZE, MAXIMIZE;

    public static Direction parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw BadInputException.of("direction", text, "must be minimize or maximize");
        }
    }

    /** The objective as the strategies see it (lower is better). */
    public double toInternal(double objective) {
        return this == MINIMIZE ? objective : -objective;
    }

    public boolean better(double a, double b) {
        return this == MINIMIZE ? a < b : a > b;
    }

    /** How much better {@code value} is than {@code baseline}, in percent of the baseline (negative: worse). */
    public double gainPercent(double value, double baseline) {
        double gain = this == MAXIMIZE ? value - baseline : baseline - value;
        return gain / Math.abs(baseline) * 100.0;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
