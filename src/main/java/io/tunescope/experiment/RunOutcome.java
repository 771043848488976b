package io.tunescope.experiment;

import io.tunescope.store.RunSummary;

import java.nio.file.Path;

/** The end of a run: its summary (also on disk), where it is, the exit code, and the one-line problem if any. */
public record RunOutcome(RunSummary summary, Path outDir, int exitCode, String problem) {
}
