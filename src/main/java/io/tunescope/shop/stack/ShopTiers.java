package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.shop.proxy.NginxProxy;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.SquidProxy;

import java.nio.file.Path;
import java.util.List;

/**
 * The stack's shape in front of the database: how many work lines (each its own proxy and application nodes, one
 * share of the browsers; see {@link ShopLayout}), how many application nodes per line (each its own JVM), and the
 * proxy before them ({@code nginx}, or {@code none}: the browsers then talk to the line's one node), on which port
 * (0: a free one; only with one line), with which knobs and binary. {@code squid} puts Squid there instead of
 * nginx, as the Active Harmony paper did. {@code auto} picks nginx, so the default stack has the paper's three
 * tiers (proxy, application, database) even with one node.
 */
public record ShopTiers(String proxy, int proxyPort, ProxyKnobs proxyKnobs, Path proxyBinary, int appNodes,
                        int lines) {
    public static final String NGINX = "nginx";
    public static final String SQUID = "squid";
    public static final String NONE = "none";
    public static final String AUTO = "auto";
    public static final List<String> PROXIES = List.of(AUTO, NGINX, SQUID, NONE);
    public static final int MAX_APP_NODES = 16;
    public static final int MAX_LINES = 8;

    /** One node, no proxy: the smallest stack. */
    public static final ShopTiers SINGLE = new ShopTiers(NONE, 0, ProxyKnobs.DEFAULTS, null, 1, 1);

    public ShopTiers {
        if (appNodes < 1 || appNodes > MAX_APP_NODES) {
            throw BadInputException.of("app-nodes", appNodes, "must be from 1 to " + MAX_APP_NODES);
        }
        if (lines < 1 || lines > MAX_LINES) {
            throw BadInputException.of("lines", lines, "must be from 1 to " + MAX_LINES);
        }
        if (lines * appNodes > MAX_APP_NODES) {
            throw BadInputException.of("lines", lines, "times app-nodes (" + appNodes + ") must be at most "
                    + MAX_APP_NODES + " application nodes in all");
        }
        if (!PROXIES.contains(proxy)) {
            throw BadInputException.of("proxy", proxy, "must be one of " + String.join(", ", PROXIES));
        }
        if (proxy.equals(AUTO)) {
            // the web stack of the Active Harmony paper: a caching proxy, application nodes, the database
            proxy = NGINX;
        }
        if (proxy.equals(NONE) && appNodes > 1) {
            throw BadInputException.of("proxy", proxy, "cannot be none with " + appNodes + " app-nodes: the "
                    + "proxy is what balances over them");
        }
        if (proxyPort < 0 || proxyPort > 65_535) {
            throw BadInputException.of("proxy-port", proxyPort, "must be from 1 to 65535, or 0 for a free port");
        }
        if (proxyPort != 0 && lines > 1) {
            throw BadInputException.of("proxy-port", proxyPort, "must be 0 (free ports) with " + lines + " lines: "
                    + "each line has its own proxy");
        }
        if (proxyKnobs == null) {
            proxyKnobs = ProxyKnobs.DEFAULTS;
        }
    }

    /** One work line (the stack before work lines). */
    public ShopTiers(String proxy, int proxyPort, ProxyKnobs proxyKnobs, Path proxyBinary, int appNodes) {
        this(proxy, proxyPort, proxyKnobs, proxyBinary, appNodes, 1);
    }

    public boolean hasProxy() {
        return !proxy.equals(NONE);
    }

    /** The proxy's executable: the one given, or the Debian package's. */
    public Path proxyExecutable() {
        return proxyBinary != null ? proxyBinary
                : proxy.equals(SQUID) ? SquidProxy.DEFAULT_BINARY : NginxProxy.DEFAULT_BINARY;
    }
}
