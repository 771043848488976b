package io.tunescope.tune.target;

import io.tunescope.store.JournalLine;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.session.TuningSession;

import java.time.Duration;
import java.util.List;

/**
 * What a session may spend on replication, and the sizes that follow for {@code auto}. With {@code budgetTime} the
 * search has three quarters of it and the re-validation the rest; otherwise the session has a measurement budget of
 * {@code measurementsPerTrial × budget}, three quarters of it for the search and, for the re-validation, whatever the
 * search left. A race's share is what is left of the search's part over the trials still to run (so races that end
 * early leave more to later ones). Everything is counted from the journal's measurements, so a resumed session
 * sizes its races as the uninterrupted one would have.
 */
public final class ReplicationBudget {
    static final String MEASUREMENT_BUDGET = "measurementBudget";
    static final String BUDGET_TIME = "budgetTime";
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
     * for (at least {@code noiseRepeats}) within the race's share.
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
        long usedBefore = session.replicates().stream().filter(r -> r.race() != raceNo).count();
        long spentMillisBefore = session.replicates().stream().filter(r -> r.race() != raceNo)
                .mapToLong(JournalLine.Replicate::elapsedMillis).sum();
        long shareMeasurements;
        String by;
        if (protocol.budgetTime() != null) {
            long shareMillis = (protocol.searchTime().toMillis() - spentMillisBefore) / left;
            shareMeasurements = (long) (shareMillis / meanMeasurementMillis());
            by = BUDGET_TIME;
        } else {
            shareMeasurements = (protocol.measurementBudget(budgetTrials) * 3 / 4 - usedBefore) / left;
            by = MEASUREMENT_BUDGET;
        }
        long capPairs = (shareMeasurements - (screened ? 1 : 0)) / 2;
        // a spread estimated from a few measurements can be small by chance: a race asks for no fewer pairs than
        // the noise phase had measurements, so that its t-test has as many degrees of freedom as the estimate
        Integer needed = needed(noise);
        return ReplicationSizing.choose(needed == null ? null : Math.max(needed, protocol.noiseRepeats()), capPairs,
                by, 1);
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
        List<JournalLine.Replicate> all = session.replicates();
        return all.isEmpty() ? 1 : Math.max(1, spentMillis() / (double) all.size());
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

    /** A race's share of the time left: what is left over the trials still to run (0: no time budget). */
    public long timeShareMillis(int budget) {
        Duration search = protocol.searchTime();
        if (search == null) {
            return 0;
        }
        int left = Math.max(1, budget == Integer.MAX_VALUE ? 1 : budget - session.completedTrials());
        return Math.max(1, (search.toMillis() - spentMillis()) / left);
    }
}
