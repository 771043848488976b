package io.tunescope.cli;

import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.SquidKnobs;
import io.tunescope.shop.stack.ShopTiers;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;

/**
 * The options that shape the shop's stack (store size, database, application nodes, proxy), shared by run, start and
 * capacity; each takes its browsers (which also size the store) itself.
 */
public final class ShopStackOptions {
    @Option(names = "--items", defaultValue = "10000", description = "items in the store: 1000, 10000, 100000 or "
            + "1000000 (default: ${DEFAULT-VALUE})")
    int items;

    @Option(names = "--scale-down", defaultValue = "10", description = "divides the customer-driven tables "
            + "(customers = 2880 x browsers / N, addresses, orders) for short runs; 1 is TPC-W's size "
            + "(default: ${DEFAULT-VALUE}, see docs/shop.md)")
    int scaleDown;

    @Option(names = "--database", defaultValue = "postgres", description = "postgres (a private cluster), mariadb or h2 "
            + "(in-memory, its own JVM; fast, for tests) (default: ${DEFAULT-VALUE})")
    String database;

    @Option(names = "--pg-bin", paramLabel = "DIR", description = "PostgreSQL's bin directory, when not found")
    Path pgBin;

    @Option(names = "--app-min-threads", defaultValue = "8", description = "application node's least worker "
            + "threads (default: ${DEFAULT-VALUE})")
    int minThreads;

    @Option(names = "--app-max-threads", defaultValue = "64", description = "its most worker threads "
            + "(default: ${DEFAULT-VALUE})")
    int maxThreads;

    @Option(names = "--app-accept-queue", defaultValue = "128", description = "its accept queue "
            + "(default: ${DEFAULT-VALUE})")
    int acceptQueue;

    @Option(names = "--app-pool-size", defaultValue = "16", description = "its database connections "
            + "(default: ${DEFAULT-VALUE})")
    int poolSize;

    @Option(names = "--app-cache-entries", defaultValue = "0", description = "pages each node keeps in its own "
            + "cache (Home, New Products, Best Sellers, Product Detail, Search Request/Results); 0: none "
            + "(default: ${DEFAULT-VALUE})")
    int cacheEntries;

    @Option(names = "--app-cache-ttl-ms", defaultValue = "5000", description = "how long a page stays in that cache "
            + "(default: ${DEFAULT-VALUE})")
    int cacheTtlMillis;

    @Option(names = "--app-page-max-age", defaultValue = "5", paramLabel = "SECONDS", description = "the max-age "
            + "(Cache-Control) of those pages for the proxy; 0: never cached (default: ${DEFAULT-VALUE})")
    int pageMaxAgeSeconds;

    @Option(names = "--app-nodes", defaultValue = "1", description = "application nodes per work line, each its own "
            + "JVM (default: ${DEFAULT-VALUE})")
    int appNodes;

    @Option(names = "--lines", defaultValue = "1", description = "work lines: each its own proxy and application "
            + "nodes over the one database, serving its own share of the browsers (default: ${DEFAULT-VALUE}, see "
            + "docs/shop.md)")
    int lines;

    @Option(names = "--proxy", defaultValue = "auto", description = "the caching reverse proxy in front of the "
            + "nodes: nginx, squid or none; auto: nginx, so proxy, application and database tiers (default: "
            + "${DEFAULT-VALUE})")
    String proxy;

    @Option(names = "--proxy-port", defaultValue = "0", description = "the proxy's port on 127.0.0.1; 0: a free one "
            + "(default: ${DEFAULT-VALUE})")
    int proxyPort;

    @Option(names = "--proxy-bin", paramLabel = "FILE", description = "the proxy's executable (default: /usr/sbin/nginx or /usr/sbin/squid)")
    Path proxyBin;

    @Option(names = "--proxy-cache-size", defaultValue = "64", paramLabel = "MiB", description = "the proxy's cache "
            + "on disk; 0: no cache (default: ${DEFAULT-VALUE})")
    int proxyCacheMiB;

    @Option(names = "--proxy-max-object", defaultValue = "64", paramLabel = "KiB", description = "the largest "
            + "answer the proxy caches (default: ${DEFAULT-VALUE})")
    int proxyMaxObjectKiB;

    @Option(names = "--proxy-workers", defaultValue = "1", description = "nginx worker processes "
            + "(default: ${DEFAULT-VALUE})")
    int proxyWorkers;

    @Option(names = "--proxy-worker-connections", defaultValue = "1024", description = "connections per nginx "
            + "worker (default: ${DEFAULT-VALUE})")
    int proxyWorkerConnections;

    @Option(names = "--proxy-fail-timeout", defaultValue = "10", paramLabel = "SECONDS", description = "how long "
            + "the proxy leaves out a node that failed a connection (default: ${DEFAULT-VALUE})")
    int proxyFailTimeoutSeconds;

    @Option(names = "--squid-cache-mem", paramLabel = "MiB", description = "Squid's memory cache (cache_mem; "
            + "default: --proxy-cache-size)")
    Integer squidCacheMem;

    @Option(names = "--squid-max-object-in-memory", paramLabel = "KiB", description = "the largest object Squid "
            + "keeps in memory (default: --proxy-max-object)")
    Integer squidMaxObjectInMemory;

    @Option(names = "--squid-maximum-object", paramLabel = "KiB", description = "the largest object Squid caches "
            + "(default: --proxy-max-object)")
    Integer squidMaximumObject;

    @Option(names = "--squid-minimum-object", paramLabel = "KiB", description = "the smallest object Squid caches "
            + "(default: 0)")
    Integer squidMinimumObject;

    @Option(names = "--squid-disk-cache", paramLabel = "MiB", description = "Squid's disk cache; 0: memory only "
            + "(default: 0)")
    Integer squidDiskCache;

    @Option(names = "--squid-swap-low", paramLabel = "PERCENT", description = "the disk cache's low water mark "
            + "(default: 90)")
    Integer squidSwapLow;

    @Option(names = "--squid-swap-high", paramLabel = "PERCENT", description = "the disk cache's high water mark "
            + "(default: 95)")
    Integer squidSwapHigh;

    AppKnobs appKnobs() {
        return new AppKnobs(minThreads, maxThreads, acceptQueue, poolSize, cacheEntries, cacheTtlMillis,
                pageMaxAgeSeconds);
    }

    ShopTiers tiers() {
        ProxyKnobs knobs = new ProxyKnobs(proxyCacheMiB, proxyMaxObjectKiB, proxyWorkers, proxyWorkerConnections,
                proxyFailTimeoutSeconds);
        return new ShopTiers(proxy, proxyPort, squidKnobs(knobs), proxyBin, appNodes, lines);
    }

    /** {@code knobs} with Squid's own when any {@code --squid-*} option is given (the others from {@code knobs}). */
    private ProxyKnobs squidKnobs(ProxyKnobs knobs) {
        List<Integer> given = java.util.Arrays.asList(squidCacheMem, squidMaxObjectInMemory, squidMaximumObject,
                squidMinimumObject, squidDiskCache, squidSwapLow, squidSwapHigh);
        if (given.stream().allMatch(java.util.Objects::isNull)) {
            return knobs;
        }
        SquidKnobs d = SquidKnobs.of(knobs);
        return knobs.withSquid(new SquidKnobs(or(squidCacheMem, d.cacheMemMiB()),
                or(squidMaxObjectInMemory, d.maxObjectInMemoryKiB()), or(squidMaximumObject, d.maximumObjectKiB()),
                or(squidMinimumObject, d.minimumObjectKiB()), or(squidDiskCache, d.diskCacheMiB()),
                or(squidSwapLow, d.swapLowPercent()), or(squidSwapHigh, d.swapHighPercent())));
    }

    private static int or(Integer value, int fallback) {
        return value != null ? value : fallback;
    }
}
