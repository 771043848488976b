package io.tunescope.experiment;

/** Ends a run early: the one-line reason and the exit code the CLI should return. */
final class RunFailure extends Exception {
    private static final long serialVersionUID = 1L;
    final int exitCode;

    RunFailure(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }
}
