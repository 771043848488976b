package io.tunescope.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * {@code --out} of the commands that print their results and write them only when asked ({@code monitor},
 * {@code tune-bench}); unlike {@link ResultsDirOption}, no directory is made up when none is given.
 */
public final class OptionalResultsDirOption {
    @Option(names = "--out", paramLabel = "DIR", description = "Also write the results (summary.json and the "
            + "command's other files) into DIR; one that holds results already is refused, never overwritten "
            + "(default: print only).")
    Path out;

    /** The directory given, or null. */
    Path dirOrNull() {
        return out;
    }
}
