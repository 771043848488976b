package io.tunescope.engine;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Fills a new private server's data directory from a prepared one (load once, reuse everywhere): the server then
 * starts on data that was loaded, indexed and analysed once, instead of generating and loading it again.
 */
@FunctionalInterface
public interface ServerDataCopy {
    /**
     * Creates {@code dataDir}, which does not exist yet, as a full copy (never hard links: a server rewrites its files
     * in place) of a cleanly stopped server's data directory.
     */
    void copyInto(Path dataDir) throws IOException, InterruptedException;
}
