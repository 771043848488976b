package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * What a tuning session's {@code summary.json} shows of its trial protocol (docs/tuning-protocol.md), at the
 * document's top level: the protocol's settings, the noise the default's repeated measurements showed, how many
 * measurements the session took in all, each race with its decision, and the configurations found unstable. The tuner
 * writes it as part of {@link TuningSummary}, the report reads it back from there. A session measured by the single
 * protocol has the settings only.
 */
public record TuningProtocol(Settings protocol, @JsonInclude(JsonInclude.Include.NON_NULL) Noise noise,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Integer measurements,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Race> races,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Unstable> unstable) {
    public TuningProtocol {
        races = races == null ? List.of() : List.copyOf(races);
        unstable = unstable == null ? List.of() : List.copyOf(unstable);
    }

    /**
     * The settings: the mode, and for racing its parameters (a replication limit is {@code "auto"} or a number);
     * under {@code auto}, the measurements per trial and how the replication was sized; the time budget where the file
     * gives one.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Settings(String mode, Integer noiseRepeats, Object maxSlices, Double halfWidthPercent,
                           Object revalidateRuns, Double unstableFactor, Double confidence,
                           Integer measurementsPerTrial, Sizing sizing, Double budgetTimeSeconds) {
    }

    /**
     * How {@code auto} sized the replication: the noise phase's spread, the pairs it asks for to resolve the
     * half-width, what capped them ({@code budgetTime} or {@code measurementBudget}, with that budget), the re-validation's
     * runs (null: none ran), the fewest pairs a race takes whatever its share ({@code minRacePairs}, under
     * {@code maxSlices: auto}), and, when what was left of the search's part held no race of that many pairs before
     * the trial budget was reached, why the search ended there ({@code searchEnd}).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Sizing(Double noiseCvPercent, Integer pairsNeeded, String cappedBy, Long measurementBudget,
                         Size revalidateRuns, Integer minRacePairs, String searchEnd) {
    }

    /** One replication size: the size chosen, the pairs the noise asked for, the cap, and what set the size. */
    public record Size(int chosen, Integer pairsNeeded, int cap, String limitedBy) {
    }

    /** The noise phase's estimate: measurements of the default, their mean, coefficient of variation and drift. */
    public record Noise(int measurements, double mean, double cvPercent, double driftPercentPerMeasurement) {
    }

    /**
     * One race: the candidate trial, the incumbent it raced, its measurements, its paired slices, the decision, the
     * gain with its interval where two pairs or more gave one, the spread of its measurements where it has two, and
     * under {@code auto} how its slices were sized.
     * A race run before a resume has only what the journal keeps (trial, measurements, decision).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Race(int trial, Integer against, int measurements, Integer pairs, String decision,
                       Double gainPercent, List<Double> gainInterval, Double cvPercent, Size maxSlices) {
        /** A race as the journal keeps it. */
        public static Race journaled(int trial, int measurements, String decision) {
            return new Race(trial, null, measurements, null, decision, null, null, null, null);
        }
    }

    /**
     * A configuration flagged unstable: its measurements' spread, the default's in the noise phase, and the spread it
     * was judged against ({@code reference}: {@code incumbentInRace}, the incumbent's measurements in the same race,
     * or {@code noisePhase} where that race had too few; both null where the journal keeps no race measurements).
     */
    public record Unstable(int trial, Map<String, Object> config, List<Double> measurements, Double cvPercent,
                           Double defaultCvPercent,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double referenceCvPercent,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String reference) {
    }

    /** The mode; {@code single} when the summary names none. */
    public String mode() {
        return protocol == null || protocol.mode() == null ? "single" : protocol.mode();
    }
}
