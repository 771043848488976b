package io.tunescope.analysis.shop;

import io.tunescope.analysis.usl.UslResult;
import io.tunescope.store.RunEnvironment;
import io.tunescope.store.ShopSummary;

import java.util.List;

/**
 * capacity.json of {@code shop capacity}: the load (mix, its WIPS name, think scale, phases), the stack (database,
 * store size), the machine's cores, every level, the USL fitted over (browsers, WIPS) (null with fewer than three
 * levels or when the fit fails; {@code warnings} says why), the saturated tier and the rule that named it.
 */
public record CapacitySummary(String mix, String metric, String database, double thinkScale, double rampUpSeconds,
                              double measureSeconds, long seed, int machineCores,
                              ShopSummary.Population population, List<CapacityLevel> levels, UslResult usl,
                              SaturatedTier saturatedTier, String saturationRule, List<String> warnings,
                              RunEnvironment environment) {
    public CapacitySummary {
        levels = List.copyOf(levels);
        warnings = List.copyOf(warnings);
    }
}
