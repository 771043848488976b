package io.tunescope.cli;

import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * {@code --duration} of the commands that measure for a set time ({@code monitor}, {@code shop run},
 * {@code shop reconfigure}, {@code shop capacity}); each says its default through {@link CommandDefaults}, as
 * what it measures differs. {@code run} keeps its own: it has none and counts iterations unless given one.
 */
public final class MeasurementOption {
    @Option(names = "--duration", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "how long to measure, e.g. 30s (default: ${DEFAULT-VALUE})")
    Duration duration;

    /** The duration given, or the command's default. */
    Duration duration() {
        if (duration == null) {
            throw new IllegalStateException("a command that mixes in --duration must say its default "
                    + "(CommandDefaults.Source)");
        }
        return duration;
    }
}
