package io.tunescope.workload.mix;

import io.tunescope.BadInputException;

import java.time.Duration;
import java.util.Map;

/**
 * One phase of a load shape: how long it lasts; either {@code users} closed-loop users (the tenant's users above that
 * number wait the phase out) or arrivals at {@code ratePerSec} transactions per second per tenant spread over all its
 * users; weights that replace the transactions' own for its length (empty: the workload's own); and whether it is a
 * warm-up, whose transactions are recorded but left out of the results.
 */
public record LoadPhase(Duration duration, int users, double ratePerSec, Map<String, Double> weights, boolean warmup) {
    public LoadPhase {
        weights = Map.copyOf(weights);
        if (duration == null || duration.isZero() || duration.isNegative()) {
            throw BadInputException.of("phase duration", duration, "must be positive");
        }
        if (!(ratePerSec >= 0) || Double.isInfinite(ratePerSec)) {
            throw BadInputException.of("phase rate", ratePerSec, "must be above 0 (transactions per second per tenant)");
        }
        if ((users > 0) == (ratePerSec > 0)) {
            throw BadInputException.of("phase users/rate", users + "/" + ratePerSec,
                    "give exactly one of users (at least 1) or rate (above 0)");
        }
        weights.forEach((name, w) -> {
            if (!(w > 0) || Double.isInfinite(w)) {
                throw BadInputException.of("phase weight of " + name, w, "must be a number above 0");
            }
        });
    }

    public boolean open() {
        return ratePerSec > 0;
    }

    /** How the progress line names the phase: {@code 4 users} or {@code 200/s}, and {@code warm-up}. */
    public String label() {
        String load = open() ? (ratePerSec == Math.rint(ratePerSec) ? String.valueOf((long) ratePerSec)
                : String.valueOf(ratePerSec)) + "/s" : users + (users == 1 ? " user" : " users");
        return warmup ? "warm-up, " + load : load;
    }
}
