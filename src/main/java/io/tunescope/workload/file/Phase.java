package io.tunescope.workload.file;

import java.time.Duration;
import java.util.Map;

/**
 * One phase of a load shape: how long it lasts, either {@code users} closed-loop users or an arrival rate in
 * transactions per second per tenant ({@code ratePerSec} above 0), and optional weights that replace the
 * transactions' own for its length (empty: the workload's weights).
 */
public record Phase(Duration duration, int users, double ratePerSec, Map<String, Double> weights) {
    public Phase {
        weights = Map.copyOf(weights);
    }

    public boolean open() {
        return ratePerSec > 0;
    }
}
