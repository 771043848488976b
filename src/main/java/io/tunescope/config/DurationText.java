package io.tunescope.config;

import io.tunescope.BadInputException;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses human durations such as {@code 8ms}, {@code 5s}, {@code 2.5s}, {@code 1m}, {@code 500us}: the one parser
 * behind every duration option and configuration value.
 */
public final class DurationText {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(us|µs|ms|s|m|h)");

    private DurationText() {
    }

    /** @throws BadInputException naming {@code field} when the text is not a positive duration with a unit */
    public static Duration parse(String field, String text) {
        Duration duration = parseNonNegative(field, text);
        if (duration.isZero()) {
            throw BadInputException.of(field, text, "must be positive and below 30 years");
        }
        return duration;
    }

    /** As {@link #parse}, but zero ({@code 0s}) is allowed, e.g. for a pause that may be off. */
    public static Duration parseNonNegative(String field, String text) {
        if (text == null) {
            throw BadInputException.of(field, "null", "must be a duration such as 8ms or 5s");
        }
        if (text.trim().startsWith("-")) {
            throw BadInputException.of(field, text, "must not be negative");
        }
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw BadInputException.of(field, text, "must be a duration such as 8ms or 5s");
        }
        double value = Double.parseDouble(m.group(1));
        double nanosPerUnit = switch (m.group(2)) {
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "m" -> 60e9;
            default -> 3600e9;
        };
        double nanos = value * nanosPerUnit;
        if (nanos > 1e18 || (nanos > 0 && nanos < 1)) {
            throw BadInputException.of(field, text, "must be positive and below 30 years");
        }
        return Duration.ofNanos(Math.round(nanos));
    }

    /** {@code d} as a user types it (0s, 1500ms, 250us), for messages: never Java's {@code PT0S}. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        return nanos / 1_000L + "us";
    }
}
