package io.tunescope.cli;

import io.tunescope.config.DurationText;
import picocli.CommandLine;

import java.time.Duration;

/** Picocli's view of {@link DurationText}: {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}; zero allowed. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        return DurationText.parseNonNegative("duration", value);
    }
}
