package io.tunescope.experiment;

import io.tunescope.BadInputException;

import java.nio.file.Path;

/** Where a run writes its results, and whether each private PostgreSQL cluster's data directory stays afterwards. */
public record OutputConfig(Path dir, boolean keepData) {
    public OutputConfig {
        if (dir == null) {
            throw BadInputException.of("out", null, "is required");
        }
    }

    public static OutputConfig of(Path dir) {
        return new OutputConfig(dir, false);
    }

    public OutputConfig withDir(Path value) {
        return new OutputConfig(value, keepData);
    }
}
