package io.tunescope.shop.proxy;

/**
 * A proxy whose processes a {@link ProcessGroupWatcher} started and stops: its port, its first process, whether it
 * runs, and its stop.
 */
abstract class WatchedProxy implements CachingProxy {
    private final ProcessGroupWatcher watcher;
    private final int port;

    WatchedProxy(ProcessGroupWatcher watcher, int port) {
        this.watcher = watcher;
        this.port = port;
    }

    @Override
    public final int port() {
        return port;
    }

    /** The proxy's first process, which the watcher started (nginx's master, Squid's main process). */
    @Override
    public final long pid() {
        return watcher.pid();
    }

    @Override
    public final boolean isAlive() {
        return watcher.isAlive();
    }

    /** Has the watcher stop the proxy's processes, and waits for that (at most 10 s). */
    @Override
    public void close() {
        watcher.close();
    }
}
