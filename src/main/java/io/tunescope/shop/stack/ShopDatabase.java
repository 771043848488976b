package io.tunescope.shop.stack;

import java.util.List;

/** The database tier: where the application nodes connect, its processes, and a {@link #close()} that stops it. */
public interface ShopDatabase extends AutoCloseable {
    /** The tier's engine id, as {@code --database} names it. */
    String kind();

    /** The tier's engine, from the registry. */
    default io.tunescope.engine.Engine engine() {
        return ShopDatabases.engine(kind());
    }

    String jdbcUrl();

    String user();

    /** Kept in memory only: handed to the nodes in their environment, never printed or written. */
    String password();

    List<Long> pids();

    @Override
    void close();
}
