package io.tunescope.tune.cluster.sim;

import io.tunescope.store.SimCalibration;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ClusterMeasurement;
import io.tunescope.tune.cluster.ClusterNode;
import io.tunescope.tune.cluster.Layouts;
import io.tunescope.store.Json;
import io.tunescope.store.ShopSummary;
import io.tunescope.tune.space.Configuration;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SimulatedClusterTest {
    private static final ClusterLayout LAYOUT = Layouts.of(2, Map.of("proxy", 2, "app", 4));

    private static SimulatedCluster bench(double noisePercent) {
        return new SimulatedCluster(LAYOUT, SimCalibration.RECORDED, 10_000, 350, noisePercent, 7);
    }

    private static final Map<String, Object> GOOD = Map.of("proxy_cache_size", 256L, "proxy_workers", 2L,
            "app_max_threads", 16L, "app_cache_entries", 1500L);

    /** Every node at a good configuration, with {@code knob} set to {@code value} on the nodes that have it. */
    private static Map<String, Configuration> with(String knob, long value) {
        Map<String, Configuration> out = new LinkedHashMap<>();
        for (ClusterNode n : LAYOUT.nodes()) {
            Map<String, Object> v = new LinkedHashMap<>();
            bench(0).nodeSpace(n.tier()).params().forEach(p -> v.put(p.name(), GOOD.get(p.name())));
            if (v.containsKey(knob)) {
                v.put(knob, value);
            }
            out.put(n.name(), new Configuration(v));
        }
        return out;
    }

    @Test
    void theRecordedCalibrationIsWhatTheMonitoredShopRunGives() throws Exception {
        ShopSummary s = Json.read(Path.of("src/test/resources/cluster/shop-run-monitor-summary.json"),
                ShopSummary.class);
        SimCalibration c = SimCalibration.fromSummary(s, "fixture");
        assertThat(c.proxyCpuMillis()).isCloseTo(SimCalibration.RECORDED.proxyCpuMillis(), within(0.001));
        assertThat(c.appCpuMillis()).isCloseTo(SimCalibration.RECORDED.appCpuMillis(), within(0.001));
        assertThat(c.dbMillis()).isCloseTo(SimCalibration.RECORDED.dbMillis(), within(0.001));
        assertThat(c.proxyHitShare()).isCloseTo(SimCalibration.RECORDED.proxyHitShare(), within(0.001));
    }

    @Test
    void theProxyHitShareAtTheDefaultCacheIsTheMeasuredOne() {
        ClusterModel m = new ClusterModel(SimCalibration.RECORDED, 350);
        assertThat(m.proxyHit(64)).isCloseTo(0.232, within(1e-9));
        assertThat(m.proxyHit(256)).isGreaterThan(m.proxyHit(64));
    }

    @Test
    void eachKnobHasAnOptimumInsideItsRange() {
        SimulatedCluster b = bench(0);
        for (String knob : new String[] {"app_max_threads", "app_cache_entries", "proxy_cache_size", "proxy_workers"}) {
            long[] values = switch (knob) {
                case "app_max_threads" -> new long[] {8, 16, 24, 32, 64, 128, 256};
                case "app_cache_entries" -> new long[] {0, 500, 1000, 1500, 2000, 3000, 5000, 10_000, 20_000};
                case "proxy_cache_size" -> new long[] {0, 64, 128, 256, 320, 512, 1024};
                default -> new long[] {1, 2, 3, 4, 8, 16};
            };
            double[] wips = new double[values.length];
            int best = 0;
            for (int i = 0; i < values.length; i++) {
                wips[i] = b.modelledWips(LAYOUT, with(knob, values[i]));
                best = wips[i] > wips[best] ? i : best;
            }
            assertThat(best).as(knob + " " + java.util.Arrays.toString(wips)).isStrictlyBetween(0, values.length - 1);
            assertThat(wips[best]).as(knob).isGreaterThan(1.01 * Math.min(wips[0], wips[values.length - 1]));
        }
    }

    @Test
    void noiseIsSeededAndLinesAddUp() {
        Map<String, Configuration> d = with("app_max_threads", 64);
        ClusterMeasurement a = bench(3).measure(LAYOUT, d, null);
        ClusterMeasurement b = bench(3).measure(LAYOUT, d, null);
        assertThat(a.wips()).isEqualTo(b.wips());
        assertThat(a.wipsByLine()).containsOnlyKeys("line1", "line2");
        assertThat(a.wipsByLine().values().stream().mapToDouble(Double::doubleValue).sum())
                .isCloseTo(a.wips(), within(1e-6));
        assertThat(a.wips()).isCloseTo(bench(0).modelledWips(LAYOUT, d), within(0.15 * a.wips()));
    }
}
