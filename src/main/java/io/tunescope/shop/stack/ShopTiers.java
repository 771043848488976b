package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.shop.proxy.ProxyKnobs;

import java.nio.file.Path;
import java.util.List;

/**
 * The stack's shape in front of the database: how many application nodes (each its own JVM), and the proxy before
 * them ({@code nginx}, or {@code none}: the browsers then talk to the one node), on which port (0: a free one), with
 * which knobs and binary. {@code auto} picks nginx for several nodes and none for one.
 */
public record ShopTiers(String proxy, int proxyPort, ProxyKnobs proxyKnobs, Path proxyBinary, int appNodes) {
    public static final String NGINX = "nginx";
    public static final String NONE = "none";
    public static final String AUTO = "auto";
    public static final List<String> PROXIES = List.of(AUTO, NGINX, NONE);
    public static final int MAX_APP_NODES = 16;

    /** One node, no proxy: the first increment's stack. */
    public static final ShopTiers SINGLE = new ShopTiers(NONE, 0, ProxyKnobs.DEFAULTS, null, 1);

    public ShopTiers {
        if (appNodes < 1 || appNodes > MAX_APP_NODES) {
            throw BadInputException.of("app-nodes", appNodes, "must be from 1 to " + MAX_APP_NODES);
        }
        if ("squid".equals(proxy)) {
            throw BadInputException.of("proxy", proxy, "is not built yet; use nginx (its proxy_cache) or none");
        }
        if (!PROXIES.contains(proxy)) {
            throw BadInputException.of("proxy", proxy, "must be one of " + String.join(", ", PROXIES));
        }
        if (proxy.equals(AUTO)) {
            proxy = appNodes > 1 ? NGINX : NONE;
        }
        if (proxy.equals(NONE) && appNodes > 1) {
            throw BadInputException.of("proxy", proxy, "cannot be none with " + appNodes + " app-nodes: the "
                    + "proxy is what balances over them");
        }
        if (proxyPort < 0 || proxyPort > 65_535) {
            throw BadInputException.of("proxy-port", proxyPort, "must be from 1 to 65535, or 0 for a free port");
        }
        if (proxyKnobs == null) {
            proxyKnobs = ProxyKnobs.DEFAULTS;
        }
    }

    public boolean hasProxy() {
        return proxy.equals(NGINX);
    }
}
