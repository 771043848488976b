package io.tunescope.analysis.scale;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CpuPerOpCheckTest {
    static PointResult point(String mode, int threads, double cpuMicrosPerOp) {
        return new PointResult(mode, threads, 1000, new double[] {1000, 1000}, 1000, 1, 1, List.of(1L), 1000, true, 0.5, cpuMicrosPerOp, 1, 1,
                new LatencySummary(1, 1, 1, 1, 1, 1, 1), 0, null);
    }

    @Test
    void flagsAPointThatBurnsFarMoreCpuPerOpThanItsPeers() {
        List<String> w = CpuPerOpCheck.warnings(List.of(point("shared", 1, 0.28), point("separate", 1, 4.6),
                point("shared", 2, 0.3), point("separate", 2, 0.5)));
        assertThat(w).hasSize(1);
        assertThat(w.get(0)).startsWith("separate at 1 threads used 4.60 us").contains("16.4x");
    }
}
