package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A tuning session's {@code summary.json} ({@link TuningDir#summary()}), written by {@code tunescope tune} and read
 * back by the command's own lines, the analysis and the report: the tuning file, what was tuned (its
 * {@link TargetDescription}'s keys at the top level), the search settings, {@code best.json}'s content, the session's
 * counts, whether the space was exhausted, the parameter ranking, every trial, the wall time and the environment;
 * whether the session completed ({@code failure} says why not), its trial protocol ({@link TuningProtocol}'s keys at
 * the top level) and, with workload mapping, the past workload it was mapped to and the default trial's profile
 * ({@code mapping} and {@code profile}, each absent when there is none).
 */
public record TuningSummary(String tool, String tuningFile,
                            @JsonUnwrapped @JsonDeserialize(using = TargetDescription.Reader.class)
                            TargetDescription targetDescription,
                            String strategy, long seed, int budget, int repeats, String aggregate, long timeoutMillis,
                            BestSoFar best, Stats stats, boolean spaceExhausted, List<Importance> importance,
                            List<Trial> trials, double wallSeconds, RunEnvironment environment, boolean complete,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String failure,
                            @JsonUnwrapped TuningProtocol trialProtocol,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Match mapping,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Double> profile) {
    /** What {@link Documents} types a tuning summary by: the tool of any tuning directory's summary. */
    public static final String TOOL = WorkloadsSummary.TOOL;

    public TuningSummary {
        importance = importance == null ? List.of() : List.copyOf(importance);
        trials = trials == null ? List.of() : List.copyOf(trials);
        // read back from a summary without a protocol, the unwrapped part comes as an empty record
        if (trialProtocol != null && trialProtocol.equals(new TuningProtocol(null, null, null, null, null))) {
            trialProtocol = null;
        }
    }

    /** The search settings the summary echoes. */
    public record Search(String strategy, long seed, int budget, int repeats, String aggregate, long timeoutMillis) {
    }

    /** What the session found and how long it took: {@code best.json}'s content, its counts, ranking and trials. */
    public record Found(BestSoFar best, Stats stats, boolean spaceExhausted, List<Importance> importance,
                        List<Trial> trials, double wallSeconds) {
    }

    /**
     * A summary of this process's environment, not yet completed nor stopped ({@link #completed},
     * {@link #stopped}); the wall time to a tenth of a second.
     */
    public static TuningSummary of(Path tuningFile, TargetDescription target, Search search, Found found) {
        return new TuningSummary(TOOL, tuningFile.toString(), target, search.strategy(), search.seed(),
                search.budget(), search.repeats(), search.aggregate(), search.timeoutMillis(), found.best(),
                found.stats(), found.spaceExhausted(), found.importance(), found.trials(),
                Math.round(found.wallSeconds() * 10) / 10.0, RunEnvironment.capture(), false, null, null, null, null);
    }

    /** This summary of a session that ran to its end under {@code protocol}. */
    public TuningSummary completed(TuningProtocol protocol) {
        return new TuningSummary(tool, tuningFile, targetDescription, strategy, seed, budget, repeats, aggregate,
                timeoutMillis, best, stats, spaceExhausted, importance, trials, wallSeconds, environment, true, null,
                protocol, mapping, profile);
    }

    /** This summary of a session stopped before its end, {@code failure} saying why. */
    public TuningSummary stopped(String why, TuningProtocol protocol) {
        return new TuningSummary(tool, tuningFile, targetDescription, strategy, seed, budget, repeats, aggregate,
                timeoutMillis, best, stats, spaceExhausted, importance, trials, wallSeconds, environment, false, why,
                protocol, mapping, profile);
    }

    /**
     * This summary with workload mapping's result: the past workload the session was mapped to (null: none was near
     * enough, or there was no profile) and the default trial's profile (null: none).
     */
    public TuningSummary withMapping(Match match, Map<String, Double> defaultProfile) {
        return new TuningSummary(tool, tuningFile, targetDescription, strategy, seed, budget, repeats, aggregate,
                timeoutMillis, best, stats, spaceExhausted, importance, trials, wallSeconds, environment, complete,
                failure, trialProtocol, match, defaultProfile);
    }

    /** The session's counts: trials completed, failed and flagged unstable, cache hits, proposals rejected. */
    public record Stats(int completedTrials, long failedTrials, long unstableTrials, int cacheHits,
                        int rejectedProposals) {
    }

    /** A parameter's main-effect share of the surrogate's variance. */
    public record Importance(String parameter, double share) {
    }

    /**
     * One completed trial: its configuration, {@code OK} or {@code FAILED}, the aggregated objective (null when it
     * failed), the raw measurements, why it failed, whether it measured the default, how long it ran, and what its
     * race decided under the racing protocol (absent with the single protocol).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Trial(int trial, Map<String, Object> config, String status, Double objective,
                        List<Double> measurements, String error, boolean isDefault, long elapsedMillis, String race) {
        public Trial {
            measurements = measurements == null ? List.of() : List.copyOf(measurements);
        }
    }

    /** The past workload a session was mapped to, how near, and how many of its best configurations it suggested. */
    public record Match(String workload, int users, double scaleFactor, String session, double distance,
                        int suggested) {
    }

    /** The summary {@code file}, or null when there is none (the session has not finished or been stopped). */
    public static TuningSummary read(Path file) throws IOException {
        return Files.isRegularFile(file) ? Json.read(file, TuningSummary.class) : null;
    }
}
