package io.tunescope.workload.agent;

import io.tunescope.engine.ChildTempDirs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where an agent-hosted H2 keeps its tenant's data: a file database (H2's MVStore) in a directory of its own under
 * the agent's temporary directory, not an in-memory one. An in-memory H2 holds every row as Java objects on the agent's
 * heap, so its size grew with the warehouses until a fixed heap could not hold it (4 warehouses of TPC-C did not fit
 * in 1 GB and the agent spent its time in full collections); a file database keeps on the heap only H2's page cache
 * ({@code CACHE_SIZE}), whatever the scale, and leaves the rest to the operating system's page cache. The controller
 * gives each agent a private temporary directory that it removes when the agent exits, killed or not
 * ({@link ChildTempDirs}); {@link #remove} removes the files sooner, when the database closes.
 */
record HostedH2Files(Path dir) {
    private static final String NAME = "tenant";

    /** A fresh directory for {@code tenant}'s database under this JVM's temporary directory. */
    static HostedH2Files create(String tenant) throws IOException {
        Path root = Path.of(System.getProperty("java.io.tmpdir"));
        return new HostedH2Files(Files.createTempDirectory(root, "h2-" + tenant + "-"));
    }

    /** The database's JDBC URL, without settings. */
    String url() {
        return "jdbc:h2:file:" + dir.resolve(NAME).toAbsolutePath();
    }

    /** The database's bytes on disk now (its store file), 0 when there is none. */
    long bytes() throws IOException {
        Path store = dir.resolve(NAME + ".mv.db");
        return Files.exists(store) ? Files.size(store) : 0;
    }

    /** Deletes the directory and the database's files; what cannot be deleted now goes with the agent's directory. */
    void remove() {
        ChildTempDirs.remove(dir);
    }
}
