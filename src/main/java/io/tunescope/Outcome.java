package io.tunescope;

/**
 * How a command, a run, a plan cell or a tenant agent ended, and the process exit code that says so. Every layer
 * speaks in these kinds; only {@code cli} (and the agent's own {@code main}) turns one into {@code System.exit}.
 */
public enum Outcome {
    /** Everything asked for was done. */
    OK(0, "ok"),
    /** Something went wrong while running: a tenant died, a query failed fatally, an I/O error. */
    FAILURE(1, "failure"),
    /** The command line cannot be parsed: an unknown option, a missing or malformed argument. */
    USAGE(2, "usage"),
    /** Input or configuration breaks a rule ({@link BadInputException}); running it again unchanged cannot help. */
    BAD_INPUT(3, "bad input");

    private final int exitCode;
    private final String meaning;

    Outcome(int exitCode, String meaning) {
        this.exitCode = exitCode;
        this.meaning = meaning;
    }

    public int exitCode() {
        return exitCode;
    }

    /** A few words for messages, e.g. {@code bad input}. */
    public String meaning() {
        return meaning;
    }

    public boolean isOk() {
        return this == OK;
    }

    /** The outcome a process exit code stands for; a code outside the four (a crash, a signal) is a failure. */
    public static Outcome ofExitCode(int exitCode) {
        for (Outcome o : values()) {
            if (o.exitCode == exitCode) {
                return o;
            }
        }
        return FAILURE;
    }

    /** The outcome of an exception that ended a piece of work: bad input for {@link BadInputException}, else failure. */
    public static Outcome of(Throwable failure) {
        return failure instanceof BadInputException bad ? bad.outcome() : FAILURE;
    }
}
