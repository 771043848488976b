package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.store.SimCalibration;
import io.tunescope.tune.cluster.TuningMode;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClusterFileParserTest {
    private static final Path FILE = Path.of("c.yaml");

    @Test
    void defaultsAreTheThreeModesNelderMeadAndTheRecordedCalibration() {
        ClusterFile f = ClusterFileParser.parse(FILE, "cluster:\n  layout: {lines: 2, nodesPerTier: {proxy: 2, "
                + "app: 4}}\n");
        assertThat(f.modes()).containsExactly(TuningMode.DEFAULT, TuningMode.DUPLICATION, TuningMode.PARTITIONING);
        assertThat(f.settings().strategy()).isEqualTo("nelder-mead");
        assertThat(f.settings().trials()).isEqualTo(60);
        assertThat(f.bench()).isEqualTo(ClusterFile.Bench.SIMULATED);
        assertThat(f.simulation().calibration()).isEqualTo(SimCalibration.RECORDED);
        assertThat(f.simulation().browsers()).isEqualTo(10_000);
        assertThat(f.layout().nodes()).hasSize(6);
        assertThat(f.layout().lines()).containsExactly("line1", "line2");
        assertThat(f.failures()).isEmpty();
    }

    @Test
    void readsEverySetting() {
        ClusterFile f = ClusterFileParser.parse(FILE, """
                cluster:
                  bench: simulated
                  modes: [partitioning, duplication]
                  trialsPerMode: 9
                  strategy: random
                  seed: 4
                  layout: {lines: 1, nodesPerTier: {app: 3}}
                  simulation: {browsers: 500, thinkMillis: 100, noisePercent: 0}
                  failures: {app2: 5}
                """);
        assertThat(f.modes()).containsExactly(TuningMode.PARTITIONING, TuningMode.DUPLICATION);
        assertThat(f.settings()).isEqualTo(new io.tunescope.tune.cluster.ModeRun.Settings(9, "random", 4));
        assertThat(f.simulation().thinkMillis()).isEqualTo(100.0);
        assertThat(f.failures()).containsEntry("app2", 5);
        assertThat(f.withSearch(3, null, null).settings().trials()).isEqualTo(3);
    }

    @Test
    void badValuesNameTheFieldTheValueAndTheRule() {
        assertThatThrownBy(() -> ClusterFileParser.parse(FILE, "cluster:\n  layout: {lines: 1, nodesPerTier: "
                + "{app: 1}}\n  failures: {app1: 2}\n")).isInstanceOf(BadInputException.class)
                .hasMessage("c.yaml:3: cluster.failures ([app1]) must leave at least one node running");
        assertThatThrownBy(() -> ClusterFileParser.parse(FILE, "cluster:\n  layout: {lines: 1, nodesPerTier: "
                + "{app: 1}}\n  simulation: {noisePercent: 80}\n")).isInstanceOf(BadInputException.class)
                .hasMessage("c.yaml:3: cluster.simulation.noisePercent (80.0) must be at least 0 and below 50");
        assertThatThrownBy(() -> ClusterFileParser.parse(FILE, "cluster:\n  strategy: simplex\n  layout: {lines: 1, "
                + "nodesPerTier: {app: 1}}\n")).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("c.yaml:2: cluster.strategy (simplex) must be one of");
    }
}
