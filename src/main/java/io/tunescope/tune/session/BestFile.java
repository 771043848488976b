package io.tunescope.tune.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunescope.store.Json;
import io.tunescope.tune.space.Configuration;

import java.nio.file.Path;

/** {@code best.json}: rewritten atomically after every trial, so it is current even after a crash. */
public final class BestFile {
    public static final String FILE_NAME = "best.json";

    private BestFile() {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Best(Configuration config, double objective, int trial) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DefaultResult(Configuration config, Double objective, String error) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Content(int trials, Best best, DefaultResult defaultResult, Double improvementPercent,
                          String direction, String strategy, long seed) {
        @com.fasterxml.jackson.annotation.JsonProperty("default")
        public DefaultResult defaultResult() {
            return defaultResult;
        }
    }

    public static Content content(TuningSession s) {
        Best best = s.best().map(r -> new Best(r.config(), r.objective(), r.trial())).orElse(null);
        DefaultResult def = s.history().stream().filter(TrialRecord::isDefault).findFirst()
                .map(r -> new DefaultResult(r.config(), r.objective(), r.error())).orElse(null);
        Double improvement = null;
        if (best != null && def != null && def.objective() != null && def.objective() != 0) {
            double d = def.objective();
            double gain = s.direction() == Direction.MAXIMIZE ? best.objective() - d : d - best.objective();
            improvement = Math.round(gain / Math.abs(d) * 1000.0) / 10.0;
        }
        return new Content(s.completedTrials(), best, def, improvement, s.direction().label(), s.strategyName(),
                s.seed());
    }

    public static void write(Path dir, TuningSession s) {
        Json.writeAtomically(dir.resolve(FILE_NAME), content(s));
    }
}
