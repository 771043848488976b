package io.tunescope.cli;

import picocli.CommandLine.Option;

/** {@code --seed}, the same option with the same default on every command that draws random numbers. */
public final class SeedOption {
    /** The default seed of every command (and of experiment plans). */
    public static final String DEFAULT = "1";

    @Option(names = "--seed", defaultValue = DEFAULT, paramLabel = "N",
            description = "Seed of every random choice this command makes (query parameters, bootstrap resamples, "
                    + "k-means++ starts, search trials), recorded with its results (default: ${DEFAULT-VALUE}).")
    long seed;

    public long seed() {
        return seed;
    }
}
