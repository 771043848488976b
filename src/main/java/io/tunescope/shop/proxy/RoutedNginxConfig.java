package io.tunescope.shop.proxy;

import io.tunescope.shop.Interaction;
import io.tunescope.shop.db.ShopImages;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The proxy's nginx.conf when the application nodes form two tiers: the browse interactions' pages (those
 * {@link Interaction#browse()} counts as browse: Home, New Products, Best Sellers, Product Detail, Search Request and
 * Results) and the item images go to the upstream {@code shop_browse}, every other path to {@code shop_order}. A tier without nodes
 * (all failed) has its paths served by the other tier. Otherwise as {@link NginxConfig}: caching of the answers the
 * application marks cacheable and no larger than the knob's size, passive health (a refused or dropped request goes
 * to the next node of its tier), no retry on a slow answer. Each answer names the node that served it
 * ({@code X-Upstream-Addr}, empty for a cache hit), so a test can see where a path went. Moving a node between the
 * tiers is a new text and a reload ({@link NginxProxy#reload}), which nginx applies without dropping requests.
 */
public final class RoutedNginxConfig {
    public static final String BROWSE = "browse";
    public static final String ORDER = "order";

    private RoutedNginxConfig() {
    }

    /**
     * The location pattern of the browse pages under the store's base path {@code /shop/}, and of the item images,
     * which the browse pages (Home, Search Request, Product Detail) are the ones to show.
     */
    static String browsePattern() {
        String images = ShopImages.URL_PREFIX.substring("/shop/".length()) + ".*";
        return Stream.concat(Arrays.stream(Interaction.values()).filter(Interaction::browse).map(Interaction::path),
                Stream.of(images)).collect(Collectors.joining("|", "^/shop/(", ")$"));
    }

    /**
     * @param browse the ports of the browse tier's nodes
     * @param order  the ports of the order tier's nodes; at least one of the two tiers has a node
     */
    public static String render(ProxyKnobs knobs, Path dir, int port, List<Integer> browse, List<Integer> order,
                                boolean asRoot) {
        if (browse.isEmpty() && order.isEmpty()) {
            throw new IllegalArgumentException("the proxy needs at least one application node");
        }
        StringBuilder c = new StringBuilder();
        NginxConfig.appendHead(c, knobs, dir, asRoot, " (browse and order tiers)");
        boolean cache = knobs.cacheMiB() > 0;
        NginxConfig.upstream(c, "shop_browse", browse.isEmpty() ? order : browse, knobs);
        NginxConfig.upstream(c, "shop_order", order.isEmpty() ? browse : order, knobs);
        c.append("  server {\n    listen 127.0.0.1:").append(port).append(";\n");
        c.append("    location ~ ").append(browsePattern()).append(" {\n");
        location(c, "shop_browse", cache);
        c.append("    }\n    location / {\n");
        location(c, "shop_order", cache);
        c.append("    }\n  }\n}\n");
        return c.toString();
    }

    /**
     * The configuration with a proxy tier in front of the two tiers: the store's port ({@code frontPort}) balances
     * over the proxy tier's nodes ({@code proxies}, Squid, which cache) without caching itself, and each of them sends
     * what it does not hold to {@code routerPort}, where the browse and order tiers are routed as {@link #render}
     * does but with nginx's own cache off (the proxy tier is the one that caches). Each answer names the proxy node
     * that served it ({@code X-Proxy-Addr}). With no proxy node left in service the store's port goes straight to
     * the router.
     */
    public static String renderWithProxyTier(ProxyKnobs knobs, Path dir, int frontPort, int routerPort,
                                             List<Integer> proxies, List<Integer> browse, List<Integer> order,
                                             boolean asRoot) {
        ProxyKnobs noCache = new ProxyKnobs(0, knobs.maxObjectKiB(), knobs.workerProcesses(),
                knobs.workerConnections(), knobs.failTimeoutSeconds(), knobs.squid());
        String routed = render(noCache, dir, routerPort, browse, order, asRoot);
        StringBuilder c = new StringBuilder(routed.substring(0, routed.lastIndexOf('}')));
        NginxConfig.upstream(c, "shop_proxy", proxies.isEmpty() ? List.of(routerPort) : proxies, knobs);
        c.append("  server {\n    listen 127.0.0.1:").append(frontPort).append(";\n    location / {\n");
        NginxConfig.proxyPass(c, "shop_proxy");
        c.append("      add_header X-Proxy-Addr $upstream_addr always;\n    }\n  }\n}\n");
        return c.toString();
    }

    private static void location(StringBuilder c, String upstream, boolean cache) {
        NginxConfig.proxyPass(c, upstream);
        c.append("      add_header X-Upstream-Addr $upstream_addr always;\n");
        if (cache) {
            NginxConfig.cacheAnswers(c);
        }
    }
}
