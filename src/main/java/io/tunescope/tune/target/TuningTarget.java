package io.tunescope.tune.target;

import io.tunescope.store.TargetDescription;
import io.tunescope.store.VerdictExplanation;
import io.tunescope.tune.space.Configuration;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a tuning session tunes: it applies a configuration, measures it and says how it went. The session (ask/tell)
 * knows nothing of what a target is; {@code tunescope tune} has two, an external command
 * ({@code tune.command.CommandTarget}) and a database running a workload ({@code tune.database.DatabaseTarget}).
 */
public interface TuningTarget {
    /**
     * Applies {@code config} (the engine's own defaults when {@code isDefault}), measures it, and leaves the target
     * ready for the next trial whatever happened.
     *
     * @param log a file or directory for this measurement's diagnostics
     */
    Measurement measure(Configuration config, boolean isDefault, Path log) throws InterruptedException;

    /** Ready-to-use text that applies {@code config} outside tunescope (configuration lines, SQL); empty if none. */
    default String snippet(Configuration config) {
        return "";
    }

    /**
     * The target the re-validation measures default and best on: one whose runs record what {@link #explain} needs
     * (a database's runs are then monitored), or this target itself when it has nothing to explain.
     */
    default TuningTarget forRevalidation() {
        return this;
    }

    /**
     * Where default and best differed in the re-validation runs whose logs are in {@code logs} ({@code default-N},
     * {@code best-N}); empty when this target cannot say.
     */
    default Optional<VerdictExplanation> explain(Path logs) {
        return Optional.empty();
    }

    /** What this target is, at the top level of summary.json (null: nothing to say). */
    TargetDescription describe();

    /**
     * One measurement: the objective values (one per repeat), or why there are none; a failed measurement is scored
     * as the worst value so far by the session, never as a success.
     */
    record Measurement(List<Double> values, String reason, long elapsedMillis) {
        public Measurement {
            values = values == null ? List.of() : List.copyOf(values);
        }

        public static Measurement ok(List<Double> values, long elapsedMillis) {
            return new Measurement(values, null, elapsedMillis);
        }

        public static Measurement failed(String reason, long elapsedMillis) {
            return new Measurement(List.of(), reason == null ? "failed" : reason, elapsedMillis);
        }

        public boolean ok() {
            return reason == null && !values.isEmpty();
        }
    }
}
