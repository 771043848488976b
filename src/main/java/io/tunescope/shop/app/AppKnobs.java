package io.tunescope.shop.app;

import io.tunescope.BadInputException;

import java.util.List;

/**
 * The tunable settings of one application node: the HTTP server's worker threads (min and max), its accept queue,
 * and the size of its database connection pool. They travel to the node's JVM as arguments.
 */
public record AppKnobs(int minThreads, int maxThreads, int acceptQueue, int poolSize) {
    /** Jetty needs a few threads for its acceptor and selector before any serves a request. */
    public static final int LEAST_MAX_THREADS = 8;

    public static final AppKnobs DEFAULTS = new AppKnobs(8, 64, 128, 16);

    public AppKnobs {
        if (minThreads < 1) {
            throw BadInputException.of("app-min-threads", minThreads, "must be at least 1");
        }
        if (maxThreads < Math.max(LEAST_MAX_THREADS, minThreads)) {
            throw BadInputException.of("app-max-threads", maxThreads, "must be at least " + LEAST_MAX_THREADS
                    + " and at least app-min-threads (" + minThreads + ")");
        }
        if (acceptQueue < 0) {
            throw BadInputException.of("app-accept-queue", acceptQueue, "must be at least 0");
        }
        if (poolSize < 1) {
            throw BadInputException.of("app-pool-size", poolSize, "must be at least 1");
        }
    }

    public List<String> toArgs() {
        return List.of(Integer.toString(minThreads), Integer.toString(maxThreads), Integer.toString(acceptQueue),
                Integer.toString(poolSize));
    }

    public static AppKnobs fromArgs(String[] args) {
        if (args.length != 4) {
            throw BadInputException.of("arguments", String.join(" ", args),
                    "must be min-threads max-threads accept-queue pool-size");
        }
        int[] v = new int[4];
        for (int k = 0; k < 4; k++) {
            try {
                v[k] = Integer.parseInt(args[k]);
            } catch (NumberFormatException e) {
                throw BadInputException.of("arguments", args[k], "must be a whole number");
            }
        }
        return new AppKnobs(v[0], v[1], v[2], v[3]);
    }
}
