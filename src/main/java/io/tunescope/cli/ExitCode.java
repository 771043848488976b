package io.tunescope.cli;

import io.tunescope.Outcome;

/**
 * Process exit codes shared by every command, as picocli's {@code Callable<Integer>} wants them: the codes of
 * {@link Outcome}, the one place that numbers them.
 */
public final class ExitCode {
    public static final int OK = Outcome.OK.exitCode();
    public static final int FAILURE = Outcome.FAILURE.exitCode();
    public static final int USAGE = Outcome.USAGE.exitCode();
    public static final int BAD_INPUT = Outcome.BAD_INPUT.exitCode();

    private ExitCode() {
    }

    public static int of(Outcome outcome) {
        return outcome.exitCode();
    }
}
