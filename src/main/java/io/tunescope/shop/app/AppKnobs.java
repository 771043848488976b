package io.tunescope.shop.app;

import io.tunescope.BadInputException;

import java.util.List;

/**
 * The tunable settings of one application node: the HTTP server's worker threads (min and max), its accept queue,
 * the size of its database connection pool, its in-application page cache (entries, 0 for none, and how long an
 * entry lives) and the {@code max-age} it gives cacheable pages for the proxy. They travel to the node's JVM as
 * arguments.
 */
public record AppKnobs(int minThreads, int maxThreads, int acceptQueue, int poolSize, int cacheEntries,
                       int cacheTtlMillis, int pageMaxAgeSeconds) {
    /** Jetty needs a few threads for its acceptor and selector before any serves a request. */
    public static final int LEAST_MAX_THREADS = 8;
    /** The ranges of these knobs, also the tuning catalog's ({@code ShopCatalogs}): one rule for both. */
    public static final int MOST_THREADS = 1_024;
    public static final int MOST_ACCEPT_QUEUE = 65_535;
    public static final int MOST_POOL_SIZE = 1_024;
    public static final int MOST_CACHE_ENTRIES = 1_000_000;
    public static final int MOST_CACHE_TTL_MILLIS = 3_600_000;
    public static final int MOST_PAGE_MAX_AGE_SECONDS = 3_600;
    public static final int DEFAULT_CACHE_ENTRIES = 0;
    public static final int DEFAULT_CACHE_TTL_MILLIS = 5_000;
    public static final int DEFAULT_PAGE_MAX_AGE_SECONDS = 5;

    public static final AppKnobs DEFAULTS = new AppKnobs(8, 64, 128, 16);
    private static final int COUNT = 7;

    public AppKnobs {
        if (minThreads < 1 || minThreads > MOST_THREADS) {
            throw BadInputException.of("app-min-threads", minThreads, "must be from 1 to " + MOST_THREADS);
        }
        if (maxThreads < Math.max(LEAST_MAX_THREADS, minThreads)) {
            throw BadInputException.of("app-max-threads", maxThreads, "must be at least " + LEAST_MAX_THREADS
                    + " and at least app-min-threads (" + minThreads + ")");
        }
        if (maxThreads > MOST_THREADS) {
            throw BadInputException.of("app-max-threads", maxThreads, "must be at most " + MOST_THREADS);
        }
        if (acceptQueue < 0 || acceptQueue > MOST_ACCEPT_QUEUE) {
            throw BadInputException.of("app-accept-queue", acceptQueue, "must be from 0 to " + MOST_ACCEPT_QUEUE);
        }
        if (poolSize < 1 || poolSize > MOST_POOL_SIZE) {
            throw BadInputException.of("app-pool-size", poolSize, "must be from 1 to " + MOST_POOL_SIZE);
        }
        if (cacheEntries < 0 || cacheEntries > MOST_CACHE_ENTRIES) {
            throw BadInputException.of("app-cache-entries", cacheEntries, "must be from 0 (no cache) to "
                    + MOST_CACHE_ENTRIES);
        }
        if (cacheTtlMillis < 1 || cacheTtlMillis > MOST_CACHE_TTL_MILLIS) {
            throw BadInputException.of("app-cache-ttl-ms", cacheTtlMillis, "must be from 1 to "
                    + MOST_CACHE_TTL_MILLIS + " ms (1 h)");
        }
        if (pageMaxAgeSeconds < 0 || pageMaxAgeSeconds > MOST_PAGE_MAX_AGE_SECONDS) {
            throw BadInputException.of("app-page-max-age", pageMaxAgeSeconds, "must be from 0 (never cached) to "
                    + MOST_PAGE_MAX_AGE_SECONDS + " s");
        }
    }

    /** The four basic knobs; no in-application cache, the default max-age. */
    public AppKnobs(int minThreads, int maxThreads, int acceptQueue, int poolSize) {
        this(minThreads, maxThreads, acceptQueue, poolSize, DEFAULT_CACHE_ENTRIES, DEFAULT_CACHE_TTL_MILLIS,
                DEFAULT_PAGE_MAX_AGE_SECONDS);
    }

    /** These knobs with an in-application cache of {@code entries} pages, each kept {@code ttlMillis}. */
    public AppKnobs withCache(int entries, int ttlMillis) {
        return new AppKnobs(minThreads, maxThreads, acceptQueue, poolSize, entries, ttlMillis, pageMaxAgeSeconds);
    }

    public List<String> toArgs() {
        return List.of(Integer.toString(minThreads), Integer.toString(maxThreads), Integer.toString(acceptQueue),
                Integer.toString(poolSize), Integer.toString(cacheEntries), Integer.toString(cacheTtlMillis),
                Integer.toString(pageMaxAgeSeconds));
    }

    public static AppKnobs fromArgs(String[] args) {
        if (args.length != COUNT) {
            throw BadInputException.of("arguments", String.join(" ", args), "must be min-threads max-threads "
                    + "accept-queue pool-size cache-entries cache-ttl-ms page-max-age-s");
        }
        int[] v = new int[COUNT];
        for (int k = 0; k < COUNT; k++) {
            try {
                v[k] = Integer.parseInt(args[k]);
            } catch (NumberFormatException e) {
                throw BadInputException.of("arguments", args[k], "must be a whole number");
            }
        }
        return new AppKnobs(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
    }
}
