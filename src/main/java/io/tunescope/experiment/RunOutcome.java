package io.tunescope.experiment;

import io.tunescope.Outcome;
import io.tunescope.store.RunSummary;

import java.nio.file.Path;

/** The end of a run: its summary (also on disk), where it is, how it ended, and the one-line problem if any. */
public record RunOutcome(RunSummary summary, Path outDir, Outcome outcome, String problem) {
    /** The process exit code of {@link #outcome()}. */
    public int exitCode() {
        return outcome.exitCode();
    }
}
