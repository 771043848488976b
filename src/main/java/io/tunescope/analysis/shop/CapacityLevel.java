package io.tunescope.analysis.shop;

import java.util.List;
import java.util.Map;

/**
 * One load level of a capacity curve: the browsers, the WIPS and errors over its measurement interval, whether an
 * application node died, each interaction's 90th percentile (from intended start; 0 when it did not occur), in TPC-W's order, and the worst ratio of one to its
 * TPC-W limit (above 1: the level breaks the limits), each tier's CPU and run-queue delay, the WIPS per browser over
 * the lowest level's (1: still linear), and the level's own summary.json relative to the capacity directory.
 */
public record CapacityLevel(int browsers, double wips, long errors, boolean degraded, Map<String, Double> p90Millis,
                            double worstLimitRatio, String worstInteraction, List<TierLoad> tiers,
                            double scalingEfficiency, String summary) {
    public CapacityLevel {
        p90Millis = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(p90Millis));
        tiers = List.copyOf(tiers);
    }
}
