package io.tunescope.analysis.shop;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The saturated-tier rule on synthetic per-tier figures (2 cores). */
class SaturatedTierTest {
    private static TierLoad t(String tier, double cpu, double delay) {
        return new TierLoad(tier, cpu, delay, 2);
    }

    @Test
    void aTierThatDemandsItsCoresIsSaturated() {
        SaturatedTier s = SaturatedTier.of(List.of(t("app", 1.7, 0.2), t("db", 0.3, 0.05), t("driver", 0.2, 0)), 2)
                .orElseThrow();
        assertThat(s.tier()).isEqualTo("app");
        assertThat(s.saturated()).isTrue();
        assertThat(s.demandRatio()).isEqualTo(0.95);
        assertThat(s.utilisation()).isEqualTo(0.85);
        assertThat(s.reason()).startsWith("app demands 0.95 of the cores it may use");
    }

    @Test
    void runQueueDelayCountsTowardTheLimitNotOnlyCpu() {
        // db uses less CPU than app but waits far longer for a core: its demand is the larger
        SaturatedTier s = SaturatedTier.of(List.of(t("app", 0.6, 0.1), t("db", 0.5, 1.4)), 2).orElseThrow();
        assertThat(s.tier()).isEqualTo("db");
        assertThat(s.saturated()).isTrue();
    }

    @Test
    void aFullMachineMakesTheLargestDemanderTheSaturatedTier() {
        // no tier alone reaches 0.9 of 2 cores, but stack and driver together use 1.85 of them
        SaturatedTier s = SaturatedTier.of(List.of(t("app", 0.8, 0.2), t("db", 0.6, 0.1), t("driver", 0.45, 0.1)),
                2).orElseThrow();
        assertThat(s.tier()).isEqualTo("app");
        assertThat(s.demandRatio()).isEqualTo(0.5);
        assertThat(s.stackCpuShare()).isEqualTo(0.925);
        assertThat(s.saturated()).isTrue();
        assertThat(s.reason()).startsWith("the stack and driver use 0.93 of the machine's 2 cores");
    }

    @Test
    void aLightlyLoadedStackNamesTheBusiestTierButNotSaturated() {
        SaturatedTier s = SaturatedTier.of(List.of(t("app", 0.2, 0.05), t("db", 0.3, 0.05), t("driver", 0.9, 0.9)),
                2).orElseThrow();
        assertThat(s.tier()).as("the driver is never the system under test").isEqualTo("db");
        assertThat(s.saturated()).isFalse();
        assertThat(s.reason()).startsWith("no tier near its CPU limit");
    }

    @Test
    void onlyTheDriverMeasuredNamesNoTier() {
        assertThat(SaturatedTier.of(List.of(t("driver", 1.9, 0)), 2)).isEmpty();
    }
}
