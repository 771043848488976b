package io.tunescope.tune.cluster;

import io.tunescope.store.SimCalibration;
import io.tunescope.tune.cluster.sim.SimulatedCluster;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.SearchSpace;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The grouping of knobs into tuners in each mode, and the copying of their values onto nodes, for 2 lines × 2 tiers. */
class KnobGroupingTest {
    /** proxy1, app1 serve line1; proxy2, app2 serve line2. */
    static final ClusterLayout LAYOUT = Layouts.of(2, tiers(2, 2));
    private static final SimulatedCluster BENCH = new SimulatedCluster(LAYOUT, SimCalibration.RECORDED, 100, 350, 0, 1);

    /** Proxies first, then application nodes. */
    static Map<String, Integer> tiers(int proxies, int apps) {
        Map<String, Integer> m = new java.util.LinkedHashMap<>();
        m.put("proxy", proxies);
        m.put("app", apps);
        return m;
    }

    private static List<List<String>> names(List<KnobGrouping.Group> groups) {
        return groups.stream().map(KnobGrouping.Group::paramNames).toList();
    }

    @Test
    void theLayoutHasOneNodeOfEachTierPerLine() {
        assertThat(LAYOUT.inLine("line1")).extracting(ClusterNode::name).containsExactly("proxy1", "app1");
        assertThat(LAYOUT.inLine("line2")).extracting(ClusterNode::name).containsExactly("proxy2", "app2");
    }

    @Test
    void defaultModeIsOneTunerOverEveryNodesKnobs() {
        List<KnobGrouping.Group> g = KnobGrouping.of(TuningMode.DEFAULT, LAYOUT, BENCH::nodeSpace);
        assertThat(g).extracting(KnobGrouping.Group::name).containsExactly("all");
        assertThat(names(g)).containsExactly(List.of("proxy1.proxy_cache_size", "proxy1.proxy_workers",
                "proxy2.proxy_cache_size", "proxy2.proxy_workers", "app1.app_max_threads", "app1.app_cache_entries",
                "app2.app_max_threads", "app2.app_cache_entries"));
        assertThat(g.get(0).line()).isNull();
        assertThat(g.get(0).space().dims()).isEqualTo(8);
    }

    @Test
    void duplicationIsOneTunerPerTierOverOneNodesKnobsBoundToEveryPeer() {
        List<KnobGrouping.Group> g = KnobGrouping.of(TuningMode.DUPLICATION, LAYOUT, BENCH::nodeSpace);
        assertThat(g).extracting(KnobGrouping.Group::name).containsExactly("proxy", "app");
        assertThat(names(g)).containsExactly(List.of("proxy_cache_size", "proxy_workers"),
                List.of("app_max_threads", "app_cache_entries"));
        assertThat(g.get(1).bindings()).allSatisfy(b -> assertThat(b.nodes()).containsExactly("app1", "app2"));
        assertThat(g).allSatisfy(x -> assertThat(x.line()).isNull());
    }

    @Test
    void partitioningIsOneTunerPerLineOverThatLinesNodes() {
        List<KnobGrouping.Group> g = KnobGrouping.of(TuningMode.PARTITIONING, LAYOUT, BENCH::nodeSpace);
        assertThat(g).extracting(KnobGrouping.Group::name).containsExactly("line1", "line2");
        assertThat(g).extracting(KnobGrouping.Group::line).containsExactly("line1", "line2");
        assertThat(names(g)).containsExactly(
                List.of("proxy1.proxy_cache_size", "proxy1.proxy_workers", "app1.app_max_threads",
                        "app1.app_cache_entries"),
                List.of("proxy2.proxy_cache_size", "proxy2.proxy_workers", "app2.app_max_threads",
                        "app2.app_cache_entries"));
    }

    @Test
    void duplicationCopiesATiersValuesToEveryPeerStillInTheLayout() {
        List<KnobGrouping.Group> g = KnobGrouping.of(TuningMode.DUPLICATION, LAYOUT, BENCH::nodeSpace);
        Configuration proxy = new Configuration(Map.of("proxy_cache_size", 320L, "proxy_workers", 3L));
        Configuration app = new Configuration(Map.of("app_max_threads", 24L, "app_cache_entries", 1500L));
        Map<String, Configuration> byNode = ValueCopy.byNode(LAYOUT, g, List.of(proxy, app), BENCH::nodeSpace);
        assertThat(byNode).containsOnlyKeys("proxy1", "proxy2", "app1", "app2");
        assertThat(byNode.get("proxy2").values()).containsEntry("proxy_cache_size", 320L).containsEntry("proxy_workers", 3L);
        assertThat(byNode.get("app1")).isEqualTo(byNode.get("app2"));
        assertThat(byNode.get("app2").values()).containsEntry("app_max_threads", 24L);

        Map<String, Configuration> afterFailure = ValueCopy.byNode(LAYOUT.without("app1"), g, List.of(proxy, app),
                BENCH::nodeSpace);
        assertThat(afterFailure).containsOnlyKeys("proxy1", "proxy2", "app2");
        assertThat(afterFailure.get("app2").values()).containsEntry("app_max_threads", 24L);
    }

    @Test
    void partitioningSetsEachNodeFromItsOwnLinesTunerAndDefaultsWhatNoTunerChose() {
        List<KnobGrouping.Group> g = KnobGrouping.of(TuningMode.PARTITIONING, LAYOUT, BENCH::nodeSpace);
        Configuration line1 = g.get(0).space().fromUnit(unit(4, 0.9));
        Map<String, Configuration> byNode = ValueCopy.byNode(LAYOUT, g, Arrays.asList(line1, null), BENCH::nodeSpace);
        assertThat(byNode.get("app1").get("app_max_threads")).isEqualTo(line1.get("app1.app_max_threads"));
        assertThat(byNode.get("app2").values()).isEqualTo(SimulatedCluster.APP_SPACE.defaultConfiguration()
                .orElseThrow().values());
    }

    private static double[] unit(int d, double v) {
        double[] u = new double[d];
        Arrays.fill(u, v);
        return u;
    }

    @Test
    void eachNodesConstraintsFollowItsKnobsIntoASpaceOverSeveralNodes() {
        SearchSpace app = new SearchSpace(List.of(new io.tunescope.tune.space.IntParam("app_min_threads", 1, 64, 1,
                false, List.of(), 8L), new io.tunescope.tune.space.IntParam("app_max_threads", 1, 64, 1, false,
                List.of(), 16L)), List.of(io.tunescope.tune.space.Constraint.parse("app_min_threads <= app_max_threads")));
        java.util.function.Function<String, SearchSpace> spaces = tier -> tier.equals("app") ? app
                : BENCH.nodeSpace(tier);
        KnobGrouping.Group all = KnobGrouping.of(TuningMode.DEFAULT, LAYOUT, spaces).get(0);
        assertThat(all.space().constraints()).extracting(io.tunescope.tune.space.Constraint::text)
                .containsExactly("app1.app_min_threads <= app1.app_max_threads",
                        "app2.app_min_threads <= app2.app_max_threads");
        java.util.Map<String, Object> values = new java.util.HashMap<>(all.space().defaultConfiguration()
                .orElseThrow().values());
        values.put("app2.app_min_threads", 40L);
        assertThat(all.space().isFeasible(all.space().configuration(values))).isFalse();
        assertThat(KnobGrouping.of(TuningMode.DUPLICATION, LAYOUT, spaces).get(1).space().constraints())
                .extracting(io.tunescope.tune.space.Constraint::text).containsExactly("app_min_threads <= app_max_threads");
    }
}
