package io.tunescope.tune.target;

import io.tunescope.store.JournalLine;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.session.TuningSession;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What a session may spend on replication, and the sizes that follow for {@code auto}. With {@code budgetTime} the
 * search has three quarters of it and the re-validation the rest; otherwise the session has a measurement budget of
 * {@code measurementsPerTrial × budget}, three quarters of it for the search and, for the re-validation, whatever the
 * search left. A race's share is what is left of the search's part over the trials still to run (so races that end
 * early leave more to later ones). Under {@code auto} a race takes at least {@link #MIN_RACE_PAIRS} pairs, the fewest at
 * which {@link SequentialTest} looks before a race's last slice, whatever its share: a race of one pair cannot decide
 * {@code better} at all. When what is left of the search's part cannot hold one more race of that size, the search
 * ends ({@link #searchOver}) rather than run races that cannot answer. Everything is counted from the journal's
 * measurements, so a resumed session sizes its races, and ends its search, as the uninterrupted one would have.
 */
public final class ReplicationBudget {
    static final String MEASUREMENT_BUDGET = "measurementBudget";
    static final String BUDGET_TIME = "budgetTime";
    /** The fewest pairs of a race under {@code auto}: its first interim look, 4 (see {@link SequentialTest}). */
    public static final int MIN_RACE_PAIRS = SequentialTest.FIRST_INTERIM_LOOK_PAIRS;
    private final TrialProtocol protocol;
    private final TuningSession session;
    private final int budgetTrials;

    public ReplicationBudget(TrialProtocol protocol, TuningSession session, int budgetTrials) {
        this.protocol = protocol;
        this.session = session;
        this.budgetTrials = budgetTrials;
    }

    /**
     * The slices a race may take: {@code maxSlices} when it is a number; under {@code auto} the pairs the noise asks
     * for (at least {@code noiseRepeats}) within the race's share, and never fewer than {@link #MIN_RACE_PAIRS}.
     *
     * @param trialsLeft trials still to run, this race's candidate included
     * @param raceNo     the race: what the session had measured before it counts against the budget, so that a
     *                   resumed race is sized from the same figures as the uninterrupted one
     * @param screened   whether one measurement of the candidate precedes the pairs
     */
    public ReplicationSizing.Size raceSlices(NoiseEstimate noise, int trialsLeft, int raceNo, boolean screened) {
        if (!protocol.maxSlices().auto()) {
            return ReplicationSizing.Size.fixed(protocol.maxSlices().fixed());
        }
        int left = Math.max(1, trialsLeft);
        List<JournalLine.Replicate> before = session.replicates().stream().filter(r -> r.race() != raceNo).toList();
        long shareMeasurements;
        String by;
        if (protocol.budgetTime() != null) {
            // the mean measurement of the races before this one; the noise phase's race, which has none before it,
            // takes its own first noiseRepeats slices, measured when it is sized, resumed or not
            List<JournalLine.Replicate> basis = !before.isEmpty() ? before : session.replicates().stream()
                    .filter(r -> r.race() == raceNo && r.slice() <= protocol.noiseRepeats()).toList();
            long shareMillis = (protocol.searchTime().toMillis() - millis(before)) / left;
            shareMeasurements = (long) (shareMillis / meanMillis(basis));
            by = BUDGET_TIME;
        } else {
            shareMeasurements = (searchMeasurements() - before.size()) / left;
            by = MEASUREMENT_BUDGET;
        }
        long capPairs = (shareMeasurements - (screened ? 1 : 0)) / 2;
        // a spread estimated from a few measurements can be small by chance: a race asks for no fewer pairs than
        // the noise phase had measurements, so that its t-test has as many degrees of freedom as the estimate
        Integer needed = needed(noise);
        return ReplicationSizing.chooseRace(needed == null ? null : Math.max(needed, protocol.noiseRepeats()),
                capPairs, by, MIN_RACE_PAIRS);
    }

    /** The fewest slices a race takes before time may end it: {@link #MIN_RACE_PAIRS} under {@code auto}, else 1. */
    public int minRaceSlices() {
        return protocol.maxSlices().auto() ? MIN_RACE_PAIRS : 1;
    }

    /**
     * How many more races of {@link #MIN_RACE_PAIRS} pairs (a screening measurement and the pairs, each at the mean
     * measurement so far) what is left of the search's part holds, counted from the races the session completed
     * (the measurements of a race a killed session left unfinished are not counted, so a resumed session decides as
     * the uninterrupted one did before that race); {@link Long#MAX_VALUE} when races are not sized ({@code maxSlices}
     * a number).
     */
    public long racesLeft() {
        if (!protocol.maxSlices().auto()) {
            return Long.MAX_VALUE;
        }
        List<JournalLine.Replicate> settled = settled();
        long race = 1 + 2L * MIN_RACE_PAIRS;
        if (protocol.budgetTime() != null) {
            long leftMillis = protocol.searchTime().toMillis() - millis(settled);
            return leftMillis <= 0 ? 0 : (long) (leftMillis / (race * meanMillis(settled)));
        }
        return Math.max(0, (searchMeasurements() - settled.size()) / race);
    }

    /**
     * Whether the search ends before its next trial: the search's part of the time budget is spent, or under
     * {@code auto} what is left of the search's part (time or measurements) holds no race of {@link #MIN_RACE_PAIRS}
     * pairs ({@link #racesLeft}).
     */
    public boolean searchOver() {
        Duration search = protocol.searchTime();
        return search != null && millis(settled()) >= search.toMillis() || racesLeft() < 1;
    }

    /** Why {@link #searchOver} ended the search, in a sentence, with the trials the session completed. */
    public String searchEnd(int completed) {
        List<JournalLine.Replicate> settled = settled();
        int race = 1 + 2 * MIN_RACE_PAIRS;
        String head = "the search ended after " + completed + " of " + budgetTrials + " trials: ";
        if (protocol.budgetTime() != null) {
            long leftMillis = protocol.searchTime().toMillis() - millis(settled);
            return head + (leftMillis <= 0 ? "its part of budgetTime is spent" : String.format(Locale.ROOT,
                    "what is left of its part, %.0f s of measuring, holds no race of %d pairs (%d measurements of "
                    + "%.1f s)", leftMillis / 1000.0, MIN_RACE_PAIRS, race, meanMillis(settled) / 1000.0));
        }
        return head + "what is left of its part of the measurement budget, " + Math.max(0, searchMeasurements()
                - settled.size()) + " measurements, holds no race of " + MIN_RACE_PAIRS + " pairs (" + race
                + " measurements)";
    }

    /** One line for the progress display: how many races of the fewest pairs the search's part left holds. */
    public String racesLeftNote() {
        long n = racesLeft();
        return "races sized to at least " + MIN_RACE_PAIRS + " pairs; the " + (protocol.budgetTime() != null ? "time"
                : "measurement budget") + " left holds about " + n + " such race" + (n == 1 ? "" : "s")
                + ", this one included";
    }

    /** The measurements of races whose trial completed: not those of a race a killed session left unfinished. */
    private List<JournalLine.Replicate> settled() {
        int last = session.history().stream().mapToInt(r -> r.trial()).max().orElse(0);
        return session.replicates().stream().filter(r -> r.race() <= last).toList();
    }

    /** The search's part of the measurement budget: three quarters. */
    private long searchMeasurements() {
        return protocol.measurementBudget(budgetTrials) * 3 / 4;
    }

    private static long millis(List<JournalLine.Replicate> rs) {
        return rs.stream().mapToLong(JournalLine.Replicate::elapsedMillis).sum();
    }

    private static double meanMillis(List<JournalLine.Replicate> rs) {
        return rs.isEmpty() ? 1 : Math.max(1, millis(rs) / (double) rs.size());
    }

    /**
     * The runs of each side the re-validation takes: {@code revalidateRuns} when it is a number; under {@code auto}
     * the pairs the noise asks for within what the budget leaves (at least {@code minRuns}).
     *
     * @param remainingMillis the time budget left (ignored without {@code budgetTime})
     */
    public ReplicationSizing.Size revalidationRuns(NoiseEstimate noise, long remainingMillis, int minRuns) {
        if (!protocol.revalidateRuns().auto()) {
            return ReplicationSizing.Size.fixed(protocol.revalidateRuns().fixed());
        }
        long capPairs;
        String by;
        if (protocol.budgetTime() != null) {
            capPairs = (long) (Math.max(0, remainingMillis) / meanMeasurementMillis()) / 2;
            by = BUDGET_TIME;
        } else {
            capPairs = (protocol.measurementBudget(budgetTrials) - measurements()) / 2;
            by = MEASUREMENT_BUDGET;
        }
        return ReplicationSizing.choose(needed(noise), capPairs, by, minRuns);
    }

    private Integer needed(NoiseEstimate noise) {
        return noise == null ? null
                : ReplicationSizing.pairsToResolve(noise.logSd(), protocol.halfWidthPercent(), protocol.confidence());
    }

    /** Measurements the session has taken, in this process and before it (from the journal). */
    public long measurements() {
        return session.replicates().size();
    }

    /** Time spent measuring in this session, in this process and before it (from the journal). */
    public long spentMillis() {
        return session.replicates().stream().mapToLong(JournalLine.Replicate::elapsedMillis).sum();
    }

    /** The mean time of one measurement so far (at least 1 ms). */
    double meanMeasurementMillis() {
        return meanMillis(session.replicates());
    }

    /**
     * The time the re-validation may take under {@code budgetTime}: what the session's measurements left of it (0
     * without a time budget). Counted on the search's clock, the journal's measuring time, so that time spent outside
     * measurements (loading a persistent server, populating a stack) does not come out of the re-validation's share,
     * and a resumed session has what the interrupted one left.
     */
    public long revalidationMillisLeft() {
        return protocol.budgetTime() == null ? 0 : Math.max(0, protocol.budgetTime().toMillis() - spentMillis());
    }

    /** Whether the search's part of the time budget is spent. */
    public boolean timeUp() {
        Duration search = protocol.searchTime();
        return search != null && spentMillis() >= search.toMillis();
    }

    /**
     * A race's share of the time left: what is left over the trials still to run (0: no time budget), counted without
     * the race's own measurements, so that a resumed race has the share the uninterrupted one had.
     */
    public long timeShareMillis(int budget, int raceNo) {
        Duration search = protocol.searchTime();
        if (search == null) {
            return 0;
        }
        int left = Math.max(1, budget == Integer.MAX_VALUE ? 1 : budget - session.completedTrials());
        long before = session.replicates().stream().filter(r -> r.race() != raceNo)
                .mapToLong(JournalLine.Replicate::elapsedMillis).sum();
        return Math.max(1, (search.toMillis() - before) / left);
    }

    /** The time race {@code raceNo}'s pairs took so far (its screening measurement, slice 0, not counted). */
    public long pairsMillis(int raceNo) {
        return session.replicates().stream().filter(r -> r.race() == raceNo && r.slice() > 0)
                .mapToLong(JournalLine.Replicate::elapsedMillis).sum();
    }
}
