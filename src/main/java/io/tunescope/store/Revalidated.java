package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * The end of a tuning session measured again: the default and the best configuration run alternately in fresh runs
 * ({@code runs} of each), each side's mean objective with its Student-t 95% interval, and the improvement of best
 * over default in percent (positive is better), the mean of the paired per-round gains with its 95% interval.
 * {@code failedRuns} counts runs that measured nothing; they are left out, never counted as successes.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Revalidated(@JsonProperty("default") Side defaultSide, Side best, Double improvementPercent,
                          List<Double> improvementCi95, int runs, int failedRuns) {
    /** One configuration's re-measured objective: mean, interval, and the values. */
    public record Side(Double objective, List<Double> ci95, List<Double> values) {
    }
}
