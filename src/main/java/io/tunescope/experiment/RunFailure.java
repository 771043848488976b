package io.tunescope.experiment;

import io.tunescope.Outcome;

/** Ends a run early: the one-line reason and how the run ended (bad input or failure). */
final class RunFailure extends Exception {
    private static final long serialVersionUID = 1L;
    final Outcome outcome;

    RunFailure(String message, Outcome outcome) {
        super(message);
        this.outcome = outcome;
    }
}
