package io.tunescope.tune.cluster.lines;

import io.tunescope.store.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the controller of {@code partitioning: processes} tells one line's tuner process to run: the file's
 * {@code clusterLine:} section, whose keys are this record's components (the cluster file, the work line, the
 * comparison whose rounds it joins, its trials, strategy and seed, and how long it waits for a round). It is written
 * as JSON, which YAML reads, so the line process reads it through the same YAML reader as any tuning file
 * ({@code tune.command.ClusterLineTuner}).
 */
public record ClusterLineFile(String clusterFile, String line, String comparison, int trials, String strategy,
                              long seed, long roundTimeoutSeconds) {
    /** The file's one top-level key. */
    public static final String SECTION = "clusterLine";

    /** The file as written: the section under its key. */
    private record Document(ClusterLineFile clusterLine) {
    }

    /** Writes the file (atomically, creating its directory). */
    public void write(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Json.writeTextAtomically(file, Json.toJson(new Document(this)) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + Json.why(e), e);
        }
    }
}
