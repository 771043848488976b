package io.tunescope.tune.cluster.sim;

import io.tunescope.store.SimCalibration;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.Layouts;
import io.tunescope.tune.cluster.Move;
import io.tunescope.tune.space.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SimulatedOnlineTest {
    @Test
    void movingANodeFromTheIdleTierToTheHottestRaisesWipsAndTheMovedNodeTakesItsNewRole() {
        // one proxy per application node: at the default knobs the proxies (one worker each) are the hot tier
        ClusterLayout layout = Layouts.of(2, proxiesThenApps(2, 6));
        SimulatedCluster sim = new SimulatedCluster(layout, SimCalibration.RECORDED, 12_000, 350, 0, 1);
        Map<String, Configuration> config = new LinkedHashMap<>();
        layout.nodes().forEach(n -> config.put(n.name(), sim.nodeSpace(n.tier()).defaultConfiguration().orElseThrow()));
        SimulatedOnline online = new SimulatedOnline(sim, config);
        Map<String, Double> u = online.tierUtilization(Duration.ZERO);
        assertThat(u.get("proxy")).isGreaterThan(u.get("app"));
        double before = online.wips(Duration.ZERO);
        online.move(new Move("app6", "app", "proxy"));
        assertThat(online.layout().node("app6").tier()).isEqualTo("proxy");
        assertThat(online.layout().node("app6").line()).isEqualTo("line2");
        assertThat(online.wips(Duration.ZERO)).isGreaterThan(before * 1.05);
        assertThat(online.nodeUtilization()).containsKey("app6");
    }

    private static java.util.Map<String, Integer> proxiesThenApps(int proxies, int apps) {
        java.util.Map<String, Integer> m = new java.util.LinkedHashMap<>();
        m.put("proxy", proxies);
        m.put("app", apps);
        return m;
    }
}
