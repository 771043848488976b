package io.tunescope.analysis.usl;

import io.tunescope.BadInputException;

/** One measurement: throughput at a concurrency (threads, users, processors). */
public record UslPoint(double concurrency, double throughput) {
    public UslPoint {
        if (!(concurrency > 0) || Double.isInfinite(concurrency)) {
            throw BadInputException.of("concurrency", concurrency, "must be a finite number above 0");
        }
        if (!(throughput >= 0) || Double.isInfinite(throughput)) {
            throw BadInputException.of("throughput", throughput, "must be a finite number at least 0");
        }
    }
}
