package io.tunescope.tune.shop;

import io.tunescope.BadInputException;
import io.tunescope.shop.stack.ShopCatalogs;
import io.tunescope.shop.stack.ShopLayout;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ClusterNode;
import io.tunescope.tune.space.Configuration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shop's stack as a cluster and back: a work line of {@link ShopLayout} is a line of {@link ClusterLayout}, its
 * proxy a node of tier {@value #PROXY}, its application nodes nodes of tier {@value #APP}; a cluster layout with a
 * configuration per node becomes the stack layout that starts each node with its own knobs.
 */
final class ShopClusterLayouts {
    static final String PROXY = "proxy";
    static final String APP = "app";

    private ShopClusterLayouts() {
    }

    /** The nodes of {@code layout} in tiers {@code proxy} and {@code app}, line by line. */
    static ClusterLayout toCluster(ShopLayout layout) {
        List<ClusterNode> nodes = new ArrayList<>();
        for (ShopLayout.Line l : layout.lines()) {
            if (l.proxyNode() != null) {
                nodes.add(new ClusterNode(l.proxyNode(), PROXY, l.name()));
            }
            l.apps().forEach(a -> nodes.add(new ClusterNode(a.name(), APP, l.name())));
        }
        return new ClusterLayout(nodes);
    }

    /**
     * The stack of {@code layout}, each node with its configuration ({@code proxy_*} knobs for a proxy, {@code app_*}
     * for an application node, checked by the tiers' catalogs). A line left without application nodes (they failed
     * and were excluded) is left out with its proxy, as is a line whose proxy was excluded while it has several
     * nodes to balance over (one node serves on its own): such a line is missing from the measurement's WIPS by line.
     *
     * @throws BadInputException a node without a configuration, a tier the shop has not, a line with two proxies, a
     *                           value the catalog refuses, or no application node left at all
     */
    static ShopLayout toShop(ClusterLayout layout, Map<String, Configuration> configByNode) {
        List<ShopLayout.Line> lines = new ArrayList<>();
        for (String line : layout.lines()) {
            String proxy = null;
            Map<String, Object> proxyConfig = Map.of();
            List<ShopLayout.App> apps = new ArrayList<>();
            for (ClusterNode n : layout.inLine(line)) {
                Configuration c = configByNode.get(n.name());
                if (c == null) {
                    throw BadInputException.of("node", n.name(), "has no configuration");
                }
                switch (n.tier()) {
                    case PROXY -> {
                        if (proxy != null) {
                            throw BadInputException.of("line " + line, proxy + ", " + n.name(), "must have at most "
                                    + "one proxy node");
                        }
                        proxy = n.name();
                        proxyConfig = c.values();
                    }
                    case APP -> apps.add(new ShopLayout.App(n.name(), ShopCatalogs.appKnobs(only(c.values(),
                            "app_"))));
                    default -> throw BadInputException.of("tier", n.tier(), "must be proxy or app on the shop's stack");
                }
            }
            // as ShopLayout.without: a line with no node left, or several without their proxy, cannot serve
            if (!apps.isEmpty() && (proxy != null || apps.size() == 1)) {
                lines.add(new ShopLayout.Line(line, proxy, ShopCatalogs.proxyKnobs(only(proxyConfig, "proxy_")),
                        apps));
            }
        }
        if (lines.isEmpty()) {
            throw BadInputException.of("layout", layout.nodes().size() + " nodes", "must keep at least one "
                    + "application node");
        }
        return new ShopLayout(lines);
    }

    static Map<String, Object> only(Map<String, Object> values, String prefix) {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k, v);
            }
        });
        return out;
    }
}
