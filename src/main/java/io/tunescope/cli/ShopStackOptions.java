package io.tunescope.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The options that shape the shop's stack (store size, database, application node), shared by run and start. */
public final class ShopStackOptions {
    @Option(names = "--browsers", defaultValue = "50", description = "emulated browsers; the store is sized for "
            + "them (default: ${DEFAULT-VALUE})")
    int browsers;

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
}
