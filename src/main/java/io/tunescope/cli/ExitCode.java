package io.tunescope.cli;

/** Process exit codes shared by every command. */
public final class ExitCode {
    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int USAGE = 2;
    public static final int BAD_INPUT = 3;

    private ExitCode() {
    }
}
