package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * The end of a tuning session measured again: the default and the best configuration run alternately in fresh runs
 * ({@code runs} of each), each side's mean objective with its Student-t 95% interval, and the improvement of best
 * over default in percent (positive is better), the ratio of the sides' geometric means over the paired rounds
 * with its 95% interval.
 * {@code failedRuns} counts runs that measured nothing; they are left out, never counted as successes. {@code verdict}
 * says what the interval shows ({@code better}: wholly above 0, {@code worse}: wholly below, else
 * {@code indistinguishable}) and {@code halfWidthPercent} how narrow it got, in percentage points.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Revalidated(@JsonProperty("default") Side defaultSide, Side best, Double improvementPercent,
                          List<Double> improvementCi95, int runs, int failedRuns, String verdict,
                          Double halfWidthPercent) {
    /** Figures without a verdict. */
    public Revalidated(Side defaultSide, Side best, Double improvementPercent, List<Double> improvementCi95, int runs,
                       int failedRuns) {
        this(defaultSide, best, improvementPercent, improvementCi95, runs, failedRuns, null, null);
    }

    /** One configuration's re-measured objective: mean, interval, and the values. */
    public record Side(Double objective, List<Double> ci95, List<Double> values) {
    }
}
