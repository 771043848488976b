package io.tunescope.tune.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunescope.tune.space.Configuration;

import java.util.List;

/**
 * One completed trial: its configuration, status, the aggregated objective (null when it failed), the raw
 * measurements, the failure reason, and how long it ran.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TrialRecord(int trial, Configuration config, Status status, Double objective,
                          List<Double> measurements, String error, boolean isDefault, long elapsedMillis) {
    public enum Status { OK, FAILED }

    public TrialRecord {
        measurements = List.copyOf(measurements == null ? List.of() : measurements);
        if (status == Status.OK && (objective == null || !Double.isFinite(objective))) {
            throw new IllegalArgumentException("objective (" + objective + ") of a completed trial must be finite");
        }
    }

    public boolean ok() {
        return status == Status.OK;
    }
}
