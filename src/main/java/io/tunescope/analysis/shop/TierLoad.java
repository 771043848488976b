package io.tunescope.analysis.shop;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One tier of the shop (all its processes and threads) over one level's measurement interval, as the thread monitor
 * saw it: CPU used and run-queue delay (time its threads were runnable but waited for a core), both in cores (time
 * divided by the interval), and the cores it may use.
 */
public record TierLoad(String tier, double cpuCores, double runDelayCores, double limitCores) {
    public TierLoad {
        if (!(limitCores > 0)) {
            throw new IllegalArgumentException("limitCores must be above 0: " + limitCores);
        }
    }

    /** CPU used over the cores it may use. */
    @JsonProperty("utilisation")
    public double utilisation() {
        return Math.round(cpuCores / limitCores * 1000) / 1000.0;
    }

    /** CPU demanded (running plus waiting to run) over the cores it may use: above 1 means a queue for cores. */
    @JsonProperty("demandRatio")
    public double demandRatio() {
        return Math.round((cpuCores + runDelayCores) / limitCores * 1000) / 1000.0;
    }
}
