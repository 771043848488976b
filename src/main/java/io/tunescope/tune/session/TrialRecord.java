package io.tunescope.tune.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunescope.tune.space.Configuration;

import java.util.List;

/**
 * One completed trial: its configuration, status, the aggregated objective (null when it failed), the raw
 * measurements, the failure reason, how long it ran, and what its race decided under the racing protocol
 * ({@link Race}; null with the single protocol).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TrialRecord(int trial, Configuration config, Status status, Double objective,
                          List<Double> measurements, String error, boolean isDefault, long elapsedMillis,
                          String race) {
    public enum Status { OK, FAILED }

    /** What a race decided about a trial, as journaled. */
    public static final class Race {
        /** The first incumbent: the default configuration (or the first trial when there is none). */
        public static final String INCUMBENT = "incumbent";
        public static final String BETTER = "better";
        public static final String WORSE = "worse";
        public static final String INDISTINGUISHABLE = "indistinguishable";
        /** Its replicates spread much more than the incumbent's in the same race: never chosen as best. */
        public static final String UNSTABLE = "unstable";

        private Race() {
        }
    }

    public TrialRecord {
        measurements = List.copyOf(measurements == null ? List.of() : measurements);
        if (status == Status.OK && (objective == null || !Double.isFinite(objective))) {
            throw new IllegalArgumentException("objective (" + objective + ") of a completed trial must be finite");
        }
    }

    /** A trial of the single protocol (no race). */
    public TrialRecord(int trial, Configuration config, Status status, Double objective, List<Double> measurements,
                       String error, boolean isDefault, long elapsedMillis) {
        this(trial, config, status, objective, measurements, error, isDefault, elapsedMillis, null);
    }

    /** Whether it was flagged unstable. */
    public boolean unstable() {
        return Race.UNSTABLE.equals(race);
    }

    public boolean ok() {
        return status == Status.OK;
    }
}
