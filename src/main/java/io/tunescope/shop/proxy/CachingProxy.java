package io.tunescope.shop.proxy;

import java.util.List;

/** The caching reverse proxy in front of the application nodes (nginx or Squid): what the stack needs of it. */
public interface CachingProxy extends AutoCloseable {
    /** The port it listens on, on 127.0.0.1. */
    int port();

    /** Its first process (nginx's master, Squid's main process). */
    long pid();

    /** Every process of it (for the monitor and the tiers' CPU). */
    List<Long> pids();

    /** One process of the proxy and what it is (nginx's master and workers; squid). */
    record Member(String name, long pid) {
    }

    /** Every process of it, named. */
    List<Member> members();

    boolean isAlive();

    /** The store's address through the proxy. */
    default String baseUrl() {
        return "http://127.0.0.1:" + port() + "/shop/";
    }

    /** Stops it and waits for that (at most about 10 s); never throws. */
    @Override
    void close();
}
