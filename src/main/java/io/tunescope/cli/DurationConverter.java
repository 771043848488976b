package io.tunescope.cli;

import io.tunescope.BadInputException;
import picocli.CommandLine;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations as people write them: {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}, {@code 8ms}. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    public static Duration parse(String value) {
        Matcher m = FORMAT.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw BadInputException.of("duration", value, "must be a number with a unit: ms, s, m or h (e.g. 30s)");
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double millis = switch (unit) {
            case "ms" -> amount;
            case "m" -> amount * 60_000;
            case "h" -> amount * 3_600_000;
            default -> amount * 1_000;
        };
        return Duration.ofNanos(Math.round(millis * 1_000_000));
    }
}
