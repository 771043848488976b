package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A tuning session's {@code best.json} ({@link TuningDir#best()}): the best configuration so far, the default
 * configuration's result as the baseline, and the gain between them. A configuration is a value per knob name. A
 * database target adds {@code snippet} (the best configuration as configuration lines or SQL) and, at the end,
 * {@code revalidated} (default and best measured again in fresh runs).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BestSoFar(int trials, Best best, @JsonProperty("default") DefaultResult defaultResult,
                        Double improvementPercent, String direction, String strategy, long seed, String snippet,
                        Revalidated revalidated) {

    /** This content with the best configuration's snippet and the re-validation (either may be null). */
    public BestSoFar withResult(String newSnippet, Revalidated newRevalidated) {
        return new BestSoFar(trials, best, defaultResult, improvementPercent, direction, strategy, seed, newSnippet,
                newRevalidated);
    }

    /** The best successful trial. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Best(Map<String, Object> config, double objective, int trial) {
    }

    /** The default configuration's trial; {@code objective} is null and {@code error} says why when it failed. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DefaultResult(Map<String, Object> config, Double objective, String error) {
    }

    /** Writes the file atomically, so that it is whole even after a crash. */
    public void write(Path file) {
        Json.writeAtomically(file, this);
    }

    public static BestSoFar read(Path file) throws IOException {
        return JsonFiles.read(file, BestSoFar.class, "the best configuration of a tuning session");
    }
}
