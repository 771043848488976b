package io.tunescope.analysis.shop;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Warnings on synthetic levels, and the USL over them. */
class CapacityAnalysisTest {
    private static CapacityLevel level(int browsers, double wips, double efficiency, double driverCores) {
        return new CapacityLevel(browsers, wips, 0, false, Map.of("Home", 10.0), 0.01, "Home",
                List.of(new TierLoad("app", 0.5, 0, 2), new TierLoad("db", 0.3, 0, 2),
                        new TierLoad("driver", driverCores, 0, 2)), efficiency, "levels/x/summary.json");
    }

    @Test
    void aCurveStillLinearAtTheTopIsSaidToBeUnsaturated() {
        List<CapacityLevel> linear = List.of(level(10, 100, 1, 0.1), level(20, 198, 0.99, 0.1),
                level(40, 395, 0.99, 0.1));
        assertThat(CapacityAnalysis.warnings(linear)).singleElement().asString()
                .startsWith("WIPS per browser at the highest level is still 0.99");
        List<CapacityLevel> flat = List.of(level(10, 100, 1, 0.1), level(20, 180, 0.9, 0.1),
                level(40, 200, 0.5, 0.1));
        assertThat(CapacityAnalysis.warnings(flat)).isEmpty();
    }

    @Test
    void aDriverBusierThanEveryTierIsWarnedAbout() {
        List<CapacityLevel> levels = List.of(level(10, 100, 1, 0.1), level(20, 110, 0.55, 0.9));
        assertThat(CapacityAnalysis.warnings(levels)).singleElement().asString().contains("the driver uses more CPU");
    }

    @Test
    void theUslFitsAKneeAndNeedsThreeLevels() {
        List<CapacityLevel> levels = new ArrayList<>();
        for (int n : new int[] {10, 20, 40, 80, 160}) {
            // X = 10 N / (1 + 0.02 (N - 1) + 0.0001 N (N - 1)): a knee near 100
            levels.add(level(n, 10.0 * n / (1 + 0.02 * (n - 1) + 0.0001 * n * (n - 1)), 1, 0.1));
        }
        List<String> warnings = new ArrayList<>();
        var usl = CapacityAnalysis.usl(levels, 1, warnings);
        assertThat(usl).isNotNull();
        assertThat(usl.sigma()).isCloseTo(0.02, org.assertj.core.data.Offset.offset(0.002));
        assertThat(usl.peakThreads()).isBetween(95, 100);
        warnings.clear();
        assertThat(CapacityAnalysis.usl(levels.subList(0, 2), 1, warnings)).isNull();
        assertThat(warnings).containsExactly("only 2 levels: the USL needs at least 3");
    }
}
