package io.tunescope.shop.stack;

import java.util.List;

/** The database tier: where the application nodes connect, its processes, and a {@link #close()} that stops it. */
public interface ShopDatabase extends AutoCloseable {
    String kind();

    String jdbcUrl();

    String user();

    /** Kept in memory only: handed to the nodes in their environment, never printed or written. */
    String password();

    List<Long> pids();

    @Override
    void close();
}
