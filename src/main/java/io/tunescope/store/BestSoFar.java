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
 * {@code revalidated} (default and best measured again in fresh runs). At the end every session adds {@code verdict}
 * ({@code better}, {@code worse} or {@code indistinguishable}) with {@code verdictHalfWidthPercent}; a target that
 * monitors its re-validation runs (a database) adds {@code explanation}, where default and best differed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BestSoFar(int trials, Best best, @JsonProperty("default") DefaultResult defaultResult,
                        Double improvementPercent, String direction, String strategy, long seed, String snippet,
                        Revalidated revalidated, String verdict, Double verdictHalfWidthPercent,
                        VerdictExplanation explanation) {

    /** Content without a verdict (while the session runs). */
    public BestSoFar(int trials, Best best, DefaultResult defaultResult, Double improvementPercent, String direction,
                     String strategy, long seed, String snippet, Revalidated revalidated) {
        this(trials, best, defaultResult, improvementPercent, direction, strategy, seed, snippet, revalidated, null,
                null, null);
    }

    /** This content with the best configuration's snippet and the re-validation (either may be null). */
    public BestSoFar withResult(String newSnippet, Revalidated newRevalidated) {
        return new BestSoFar(trials, best, defaultResult, improvementPercent, direction, strategy, seed, newSnippet,
                newRevalidated, verdict, verdictHalfWidthPercent, explanation);
    }

    /**
     * This content with the session's verdict: {@code better}, {@code worse} or {@code indistinguishable}, and the
     * half-width in percentage points of the gain's interval it resolved (null when no re-validation ran).
     */
    public BestSoFar withVerdict(String newVerdict, Double halfWidthPercent) {
        return new BestSoFar(trials, best, defaultResult, improvementPercent, direction, strategy, seed, snippet,
                revalidated, newVerdict, halfWidthPercent, explanation);
    }

    /** This content with where default and best differed in the re-validation runs (null: not explained). */
    public BestSoFar withExplanation(VerdictExplanation newExplanation) {
        return new BestSoFar(trials, best, defaultResult, improvementPercent, direction, strategy, seed, snippet,
                revalidated, verdict, verdictHalfWidthPercent, newExplanation);
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
