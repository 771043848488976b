package io.tunescope.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A database server tunescope started for a run (a private PostgreSQL cluster, a private MariaDB instance): reachable
 * on 127.0.0.1 only, with a password that lives only in this process's memory, and always stopped by {@link #close()}
 * (and by a watcher process when this JVM dies without closing it).
 */
public interface PrivateServer extends AutoCloseable {
    String jdbcUrl();

    String user();

    /** The instance's password: pass it on only through process memory or a child's environment. */
    String password();

    /** The server's main process. */
    long pid();

    /** The server's main process and every process it started. */
    List<Long> processIds();

    Path dataDir();

    /** Removes the data files (after {@link #close()}); the server log beside them stays. */
    void deleteData() throws IOException;

    /**
     * Stops the server cleanly and moves its data directory to {@code destination} (which must not exist), so it can
     * be copied into later servers of the same product ({@link ServerDataCopy}); fails, leaving nothing running, when
     * the server did not stop cleanly. Products that cannot reuse a data directory do not offer it.
     */
    default void stopKeepingData(Path destination) throws IOException {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot keep its data for reuse");
    }

    /** Stops the server, killing what is left when a normal shutdown fails; never leaves a process running. */
    @Override
    void close() throws IOException;
}
