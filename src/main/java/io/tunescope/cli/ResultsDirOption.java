package io.tunescope.cli;

import io.tunescope.store.ResultsDir;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.LocalDateTime;

/**
 * {@code --out} of the commands that always write their results: the directory given, or a new one under
 * {@code runs/} named by the command and the time ({@code runs/shop-20261202-170500}). {@link io.tunescope.store.FreshOutput} keeps either from
 * overwriting earlier results.
 */
public final class ResultsDirOption {
    @Option(names = "--out", paramLabel = "DIR", description = "Results directory; one that holds results already is "
            + "refused, never overwritten (default: a new timestamped directory under runs/).")
    Path out;

    /** The directory given, or {@code runs/PREFIX-TIME}. */
    Path dir(String prefix) {
        return out != null ? out : ResultsDir.timestamped(prefix, LocalDateTime.now());
    }
}
