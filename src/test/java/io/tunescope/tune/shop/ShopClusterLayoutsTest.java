package io.tunescope.tune.shop;

import io.tunescope.BadInputException;
import io.tunescope.shop.app.AppKnob;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.stack.ShopLayout;
import io.tunescope.shop.stack.ShopTiers;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ClusterNode;
import io.tunescope.tune.space.Configuration;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The shop's stack as a cluster layout and back, each node with its own configuration. */
class ShopClusterLayoutsTest {
    private static final ClusterLayout TWO_BY_TWO = ShopClusterLayouts.toCluster(ShopLayout.uniform(
            new ShopTiers("nginx", 0, null, null, 2, 2), AppKnobs.DEFAULTS));

    private static Map<String, Configuration> configs() {
        Map<String, Configuration> m = new HashMap<>();
        TWO_BY_TWO.nodes().forEach(n -> m.put(n.name(), new Configuration(Map.of())));
        m.put("app3", new Configuration(Map.of("app_max_threads", 12L, "app_pool_size", 4L)));
        m.put("proxy2", new Configuration(Map.of("proxy_workers", 3L)));
        return m;
    }

    @Test
    void linesBecomeClusterLinesWithTiersProxyAndApp() {
        assertThat(TWO_BY_TWO.tiers()).containsExactly("proxy", "app");
        assertThat(TWO_BY_TWO.inLine("line2")).containsExactly(new ClusterNode("proxy2", "proxy", "line2"),
                new ClusterNode("app3", "app", "line2"), new ClusterNode("app4", "app", "line2"));
    }

    @Test
    void eachNodeGetsItsOwnConfiguration() {
        ShopLayout shop = ShopClusterLayouts.toShop(TWO_BY_TWO, configs());
        ShopLayout.Line line2 = shop.lines().get(1);
        assertThat(line2.proxyKnobs().workerProcesses()).isEqualTo(3);
        assertThat(shop.lines().get(0).proxyKnobs().workerProcesses()).as("the default").isEqualTo(1);
        assertThat(line2.apps().get(0).knobs().get(AppKnob.MAX_THREADS)).isEqualTo(12);
        assertThat(line2.apps().get(0).knobs().get(AppKnob.POOL_SIZE)).isEqualTo(4);
        assertThat(line2.apps().get(1).knobs()).isEqualTo(AppKnobs.DEFAULTS);
    }

    @Test
    void excludedNodesTakeTheirLineAlongWhenItCannotServe() {
        assertThat(ShopClusterLayouts.toShop(TWO_BY_TWO.without("app1").without("app2"), configs()).lines())
                .extracting(ShopLayout.Line::name).containsExactly("line2");
        assertThat(ShopClusterLayouts.toShop(TWO_BY_TWO.without("proxy1"), configs()).lines())
                .extracting(ShopLayout.Line::name).as("two nodes without their proxy").containsExactly("line2");
        ShopLayout one = ShopClusterLayouts.toShop(TWO_BY_TWO.without("proxy1").without("app2"), configs());
        assertThat(one.lines().get(0).nodes()).as("one node serves on its own").containsExactly("app1");
    }

    @Test
    void whatTheShopCannotRunIsRefused() {
        Map<String, Configuration> missing = configs();
        missing.remove("app4");
        assertThatThrownBy(() -> ShopClusterLayouts.toShop(TWO_BY_TWO, missing)).isInstanceOf(BadInputException.class)
                .hasMessage("node (app4) has no configuration");
        ClusterLayout cache = new ClusterLayout(List.of(new ClusterNode("cache1", "cache", "line1")));
        assertThatThrownBy(() -> ShopClusterLayouts.toShop(cache, Map.of("cache1", new Configuration(Map.of()))))
                .hasMessage("tier (cache) must be proxy or app on the shop's stack");
        Map<String, Configuration> bad = configs();
        bad.put("app1", new Configuration(Map.of("app_pool_size", 0L)));
        assertThatThrownBy(() -> ShopClusterLayouts.toShop(TWO_BY_TWO, bad)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("app_pool_size");
        ClusterLayout onlyProxy = new ClusterLayout(List.of(new ClusterNode("proxy1", "proxy", "line1")));
        assertThatThrownBy(() -> ShopClusterLayouts.toShop(onlyProxy, Map.of("proxy1", new Configuration(Map.of()))))
                .hasMessage("layout (1 nodes) must keep at least one application node");
    }
}
