package io.tunescope.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file of real bytes (not a sparse one) that a run writes into its output directory before it measures and deletes
 * just before it writes its summary: when the disk fills up mid-run, the summary of what was measured, with
 * {@code "complete": false} and the reason, still fits. The same idea as the space a database keeps back for its
 * own bookkeeping. A disk too full to take the reserve at the start just runs without one; a {@code kill -9} leaves
 * the file behind (it is named in {@link ResultsDir#spaceReserve()} and may be deleted).
 */
public final class SpaceReserve implements AutoCloseable {
    /** 1 MiB: a summary of 4 tenants x 22 queries with monitor metrics is about 80 kB. */
    public static final int BYTES = 1 << 20;

    private final Path file;
    private final boolean held;

    private SpaceReserve(Path file, boolean held) {
        this.file = file;
        this.held = held;
    }

    /** Writes the reserve; when the disk cannot take it, holds nothing (and leaves no partial file). */
    public static SpaceReserve claim(Path file) {
        try {
            Files.write(file, new byte[BYTES]);
            return new SpaceReserve(file, true);
        } catch (IOException e) {
            delete(file);
            return new SpaceReserve(file, false);
        }
    }

    /** Whether the reserve's bytes are on disk. */
    public boolean held() {
        return held;
    }

    /** Gives the space back (idempotent; a read-only directory keeps the file, which then holds nothing anyone needs). */
    @Override
    public void close() {
        delete(file);
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // the directory refuses changes: the summary cannot be written there either, and says so
        }
    }
}
