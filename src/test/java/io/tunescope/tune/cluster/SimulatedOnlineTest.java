package io.tunescope.tune.cluster;

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
        ClusterLayout layout = Layouts.of(2, KnobGroupingTest.tiers(2, 6));
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
}
