package io.tunescope.shop.proxy;

import io.tunescope.BadInputException;

/**
 * The tunable settings of the caching reverse proxy (nginx): its cache's size on disk, the largest answer it keeps,
 * its worker processes and the connections each worker may hold, and how long a node that failed is left out of
 * the balancing (nginx's {@code fail_timeout}). Changing any of them restarts the proxy. {@code squid} is Squid's
 * own knobs when they were set one by one (a tuning space of Squid's catalog); null when Squid's follow from the
 * cache's size and largest object ({@link SquidKnobs#of}). nginx ignores it.
 */
public record ProxyKnobs(int cacheMiB, int maxObjectKiB, int workerProcesses, int workerConnections,
                         int failTimeoutSeconds, SquidKnobs squid) {
    public static final ProxyKnobs DEFAULTS = new ProxyKnobs(64, 64, 1, 1024, 10);

    /** nginx's knobs; Squid's follow from the cache's size and largest object. */
    public ProxyKnobs(int cacheMiB, int maxObjectKiB, int workerProcesses, int workerConnections,
                      int failTimeoutSeconds) {
        this(cacheMiB, maxObjectKiB, workerProcesses, workerConnections, failTimeoutSeconds, null);
    }

    /** These knobs with Squid's own set to {@code knobs}. */
    public ProxyKnobs withSquid(SquidKnobs knobs) {
        return new ProxyKnobs(cacheMiB, maxObjectKiB, workerProcesses, workerConnections, failTimeoutSeconds, knobs);
    }

    public ProxyKnobs {
        if (cacheMiB < 0 || cacheMiB > 65_536) {
            throw BadInputException.of("proxy-cache-size", cacheMiB, "must be from 0 (no cache) to 65536 MiB");
        }
        if (maxObjectKiB < 1 || maxObjectKiB > 1_048_576) {
            throw BadInputException.of("proxy-max-object", maxObjectKiB, "must be from 1 to 1048576 KiB");
        }
        if (workerProcesses < 1 || workerProcesses > 64) {
            throw BadInputException.of("proxy-workers", workerProcesses, "must be from 1 to 64");
        }
        if (workerConnections < 16 || workerConnections > 65_536) {
            throw BadInputException.of("proxy-worker-connections", workerConnections, "must be from 16 to 65536");
        }
        if (failTimeoutSeconds < 1 || failTimeoutSeconds > 3_600) {
            throw BadInputException.of("proxy-fail-timeout", failTimeoutSeconds, "must be from 1 to 3600 s");
        }
    }

    /** The largest answer the cache keeps, in bytes. */
    public long maxObjectBytes() {
        return maxObjectKiB * 1024L;
    }
}
