package io.tunescope.tune.target;

import io.tunescope.Progress;
import io.tunescope.store.JournalLine;
import io.tunescope.store.TuningProtocol;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.Trial;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.session.TuningSession;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The racing protocol's loop over a session and a target. First the noise phase: the default (the session's first
 * trial) measured {@code noiseRepeats} times, interleaved with the strategy's first proposal where there is one, which
 * races the default meanwhile; their spread is the noise estimate. Then each candidate is measured once; if that is
 * clearly worse than the incumbent it stops, otherwise it races the incumbent in paired slices, who goes first
 * alternating, until {@link SequentialTest} decides or its slices (or its share of the time budget) are spent. The
 * strategy is told the mean of the candidate's measurements; one that spreads much more than the incumbent in the
 * same race is unstable ({@link SequentialTest#stability}). Every measurement is journaled as it is taken ({@link
 * TuningSession#recordReplicate}), and one already in the journal (a resumed race) is used instead of measured again.
 */
public final class ProtocolLoop {
    private final TuningSession session;
    private final TrialProtocol protocol;
    private final RaceMeasurements measurements;
    private final Progress.Task measurementsBar;
    private final List<TuningProtocol.Race> races = new ArrayList<>();
    private final Map<Integer, ReplicationSizing.Size> raceSizes = new LinkedHashMap<>();
    private ReplicationBudget budget;
    private int budgetTrials;
    private NoiseEstimate noise;
    private List<Double> noiseValues = List.of();
    private String searchEnd;

    /**
     * @param trialLog the log of a trial's first measurement by its number; its further measurements go beside it
     *                 ({@code trial-1-race-7-slice-3.stderr})
     */
    public ProtocolLoop(TuningTarget target, TuningSession session, TrialProtocol protocol, IntFunction<Path> trialLog,
                        Progress.Task measurementsBar) {
        this.session = session;
        this.protocol = protocol;
        this.measurements = new RaceMeasurements(target, session, trialLog, measurementsBar);
        this.measurementsBar = measurementsBar;
        session.defaultTrial().filter(r -> r.race() != null && r.measurements().size() >= 2)
                .ifPresent(r -> noiseFrom(r.measurements()));
    }

    /**
     * What runs after each completed trial (workload mapping); may be a no-op. It also sees the session's first trial
     * once its first measurement is taken, before that trial completes, so it must bear seeing a trial twice.
     */
    public interface AfterTrial {
        void after(Trial trial);
    }

    /**
     * Runs trials until the session has {@code budget}, the search time is spent or the space is exhausted.
     *
     * @return whether the space was exhausted
     */
    public boolean run(int budget, Progress.Task trialsBar, AfterTrial after) throws InterruptedException {
        this.budgetTrials = budget;
        this.budget = new ReplicationBudget(protocol, session, budget);
        if (session.completedTrials() == 0 && !timeUp()) {
            List<Trial> first = session.askBatch(1);
            if (first.isEmpty()) {
                return true;
            }
            List<Trial> phase = noisePhase(first.get(0), after);
            phase.forEach(after::after);
            trialsBar.step(phase.size());
        }
        while (session.completedTrials() < budget && !searchOver()) {
            trialsBar.step(session.learnFromStudy());
            if (session.completedTrials() >= budget) {
                break;
            }
            Optional<Trial> next = session.ask();
            if (next.isEmpty()) {
                return true;
            }
            race(next.get(), budget);
            after.after(next.get());
            trialsBar.step(1);
        }
        return false;
    }

    /** Whether the search ends before its next trial ({@link ReplicationBudget#searchOver}); says why once. */
    private boolean searchOver() {
        if (!budget.searchOver()) {
            return false;
        }
        if (searchEnd == null && budget.racesLeft() < 1) {
            searchEnd = budget.searchEnd(session.completedTrials());
            measurementsBar.note(searchEnd);
        }
        return true;
    }

    /**
     * The default (or first) configuration measured several times, interleaved with a second configuration racing
     * it. The second is asked for only once the first's first measurement is taken and {@code after} has seen it, so
     * that workload mapping (which profiles that measurement) can choose it; the phase's race is numbered after the
     * first trial whether or not there is a second, so that a resumed phase finds its measurements.
     *
     * @return the trials the phase completed: the first, and the second where there was one
     */
    private List<Trial> noisePhase(Trial first, AfterTrial after) throws InterruptedException {
        int raceNo = first.number() + 1;
        JournalLine.Replicate opening = measure(first, raceNo, 1);
        after.after(first);
        Trial second = session.askBatch(1).stream().findFirst().orElse(null);
        int slices = second == null || protocol.maxSlices().auto() ? protocol.noiseRepeats()
                : Math.max(protocol.noiseRepeats(), protocol.maxSlices().fixed());
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        long elapsed = 0;
        String firstFailed = null;
        String secondFailed = null;
        SequentialTest.Look look = null;
        for (int s = 1; s <= slices; s++) {
            boolean withSecond = second != null && secondFailed == null;
            if (!withSecond && a.size() >= protocol.noiseRepeats() || phaseTimeUp(withSecond, a.size())) {
                break;
            }
            Slice slice = s == 1 ? new Slice(opening, withSecond ? measure(second, raceNo, 1) : null)
                    : slice(first, withSecond ? second : null, raceNo, s);
            JournalLine.Replicate ra = slice.incumbent();
            JournalLine.Replicate rb = slice.candidate();
            elapsed += ra.elapsedMillis() + (rb == null ? 0 : rb.elapsedMillis());
            if (rb != null && !rb.ok()) {
                secondFailed = rb.reason();
            } else if (rb != null) {
                b.add(rb.value());
            }
            if (!ra.ok()) {
                // the second's measurement of this slice is kept: it becomes the incumbent on it
                firstFailed = ra.reason();
                break;
            }
            a.add(ra.value());
            if (rb != null && rb.ok()) {
                ratios.add(logRatio(rb.value(), ra.value()));
                slices = s == protocol.noiseRepeats() ? Math.max(slices, sizeNoiseRace(second, a, raceNo)) : slices;
                if (s >= protocol.noiseRepeats()) {
                    look = SequentialTest.look(ratios, protocol.confidence(), protocol.halfWidthPercent(),
                            s == slices || timeUp() && s >= budget.minRaceSlices());
                    if (look.verdict() != SequentialTest.Verdict.UNDECIDED) {
                        break;
                    }
                }
            }
        }
        if (firstFailed != null) {
            session.fail(first, firstFailed, Duration.ofMillis(elapsed));
        } else {
            noiseFrom(a);
            session.tellRaced(first, Duration.ofMillis(elapsed), TrialRecord.Race.INCUMBENT, a);
        }
        if (second == null) {
            return List.of(first);
        }
        completeSecond(second, b, a, first.number(), firstFailed != null, secondFailed, look, elapsed);
        return List.of(first, second);
    }

    /** Whether time ends the noise phase: no sooner than the fewest pairs a race takes when a second races. */
    private boolean phaseTimeUp(boolean withSecond, int measuredFirst) {
        return timeUp() && measuredFirst >= (withSecond ? Math.max(2, budget.minRaceSlices()) : 2);
    }

    /** Tells the session how the noise phase's second did against the first ({@code against}: its values). */
    private void completeSecond(Trial second, List<Double> values, List<Double> againstValues, int against,
                                boolean firstFailed, String secondFailed, SequentialTest.Look look, long elapsed)
            throws InterruptedException {
        if (secondFailed != null) {
            session.fail(second, secondFailed, Duration.ofMillis(elapsed));
        } else if (values.isEmpty()) {
            // the default failed before the second was measured: it races whatever is the incumbent now
            race(second, Integer.MAX_VALUE);
        } else if (firstFailed) {
            session.tellRaced(second, Duration.ofMillis(elapsed), TrialRecord.Race.INCUMBENT, values);
        } else {
            complete(second, values, look, against, againstValues, elapsed);
        }
    }

    /** Ends a race: its decision, or {@code unstable} judged against the incumbent's {@code incumbentInRace}. */
    private void complete(Trial t, List<Double> values, SequentialTest.Look look, int against,
                          List<Double> incumbentInRace, long elapsed) {
        String verdict = look == null ? SequentialTest.Verdict.INDISTINGUISHABLE.label()
                : (look.verdict() == SequentialTest.Verdict.UNDECIDED ? SequentialTest.Verdict.INDISTINGUISHABLE
                : look.verdict()).label();
        boolean unstable = SequentialTest.stability(values, incumbentInRace, noiseValues, protocol.unstableFactor(),
                protocol.confidence()).unstable();
        String race = unstable ? TrialRecord.Race.UNSTABLE : verdict;
        boolean paired = look != null && look.pairs() >= 2;
        ReplicationSizing.Size size = raceSizes.get(t.number());
        races.add(new TuningProtocol.Race(t.number(), against, values.size(), look == null ? 0 : look.pairs(), race,
                paired ? round(look.gainPercent()) : null,
                paired ? List.of(round(Math.expm1(look.low()) * 100), round(Math.expm1(look.high()) * 100)) : null,
                unstable || values.size() >= 2 ? NoiseEstimate.of(values).cvPercent() : null,
                size == null ? null : size.stored()));
        session.tellRaced(t, Duration.ofMillis(elapsed), race, values);
    }

    /** A candidate against the incumbent: one measurement, then paired slices while it may be better. */
    private void race(Trial t, int budget) throws InterruptedException {
        Optional<TrialRecord> inc = session.best();
        JournalLine.Replicate c0 = measure(t, t.number(), 0);
        long elapsed = c0.elapsedMillis();
        if (!c0.ok()) {
            session.fail(t, c0.reason(), Duration.ofMillis(elapsed));
            return;
        }
        List<Double> values = new ArrayList<>(List.of(c0.value()));
        if (inc.isEmpty()) {
            session.tellRaced(t, Duration.ofMillis(elapsed), TrialRecord.Race.INCUMBENT, values);
            return;
        }
        TrialRecord incumbent = inc.get();
        List<Double> incValues = incumbentValues(incumbent);
        double screen = logRatio(c0.value(), SequentialTest.mean(incValues));
        if (noise != null && SequentialTest.clearlyWorse(screen, noise.logSd(), incValues.size(),
                protocol.confidence())) {
            complete(t, values, new SequentialTest.Look(SequentialTest.Verdict.WORSE, 0, screen, screen, screen),
                    incumbent.trial(), List.of(), elapsed);
            return;
        }
        long share = this.budget.timeShareMillis(budget, t.number());
        int minSlices = Math.max(2, this.budget.minRaceSlices());
        int left = (budget == Integer.MAX_VALUE ? budgetTrials : budget) - session.completedTrials();
        int slices = sizeRace(t, noise, left, t.number(), true);
        List<Double> ratios = new ArrayList<>();
        List<Double> incInRace = new ArrayList<>();
        SequentialTest.Look look = null;
        Trial incTrial = new Trial(incumbent.trial(), incumbent.config(), incumbent.isDefault());
        for (int s = 1; s <= slices; s++) {
            // its share of the time ends a race, but not before the fewest pairs a race takes
            if (s > minSlices && share > 0 && this.budget.pairsMillis(t.number()) >= share) {
                look = SequentialTest.look(ratios, protocol.confidence(), protocol.halfWidthPercent(), true);
                break;
            }
            Slice slice = slice(incTrial, t, t.number(), s);
            JournalLine.Replicate ri = slice.incumbent();
            JournalLine.Replicate rc = slice.candidate();
            elapsed += rc.elapsedMillis() + ri.elapsedMillis();
            if (!rc.ok()) {
                session.fail(t, rc.reason(), Duration.ofMillis(elapsed));
                return;
            }
            values.add(rc.value());
            if (!ri.ok()) {
                // the incumbent failed this slice: decide on the pairs so far
                look = SequentialTest.look(ratios, protocol.confidence(), protocol.halfWidthPercent(), true);
                break;
            }
            incInRace.add(ri.value());
            ratios.add(logRatio(rc.value(), ri.value()));
            look = SequentialTest.look(ratios, protocol.confidence(), protocol.halfWidthPercent(),
                    s == slices || timeUp() && s >= this.budget.minRaceSlices());
            if (look.verdict() != SequentialTest.Verdict.UNDECIDED) {
                break;
            }
        }
        complete(t, values, look, incumbent.trial(), incInRace, elapsed);
    }

    /** The slices of the noise phase's race, sized once the default has {@code noiseRepeats} measurements. */
    private int sizeNoiseRace(Trial second, List<Double> defaultValues, int raceNo) {
        return sizeRace(second, NoiseEstimate.of(defaultValues), budgetTrials - 1, raceNo, false);
    }

    /** The slices of the race of {@code candidate} (see {@link ReplicationBudget#raceSlices}), shown and kept. */
    private int sizeRace(Trial candidate, NoiseEstimate noiseNow, int trialsLeft, int raceNo, boolean screened) {
        ReplicationSizing.Size size = budget.raceSlices(noiseNow, trialsLeft, raceNo, screened);
        raceSizes.put(candidate.number(), size);
        if (!"fixed".equals(size.limitedBy())) {
            measurementsBar.note(size.describe("trial " + candidate.number() + " races for at most", noiseNow,
                    protocol.halfWidthPercent()) + (ReplicationSizing.MIN_RACE_PAIRS.equals(size.limitedBy())
                    ? "; " + budget.racesLeftNote() : " slices"));
        }
        return size.chosen();
    }

    /** One slice of a race: the incumbent's measurement and the candidate's (null when there is no candidate). */
    private record Slice(JournalLine.Replicate incumbent, JournalLine.Replicate candidate) {
    }

    /**
     * Measures the incumbent and the candidate (when not null) once each; who goes first alternates with the slice
     * number, so that drift and the cost of going first hit both alike.
     */
    private Slice slice(Trial incumbent, Trial candidate, int raceNo, int slice) throws InterruptedException {
        if (candidate == null) {
            return new Slice(measure(incumbent, raceNo, slice), null);
        }
        if (slice % 2 == 1) {
            JournalLine.Replicate i = measure(incumbent, raceNo, slice);
            return new Slice(i, measure(candidate, raceNo, slice));
        }
        JournalLine.Replicate c = measure(candidate, raceNo, slice);
        return new Slice(measure(incumbent, raceNo, slice), c);
    }

    /** Every successful measurement of {@code incumbent}: in its own trial and in the races it ran since. */
    private List<Double> incumbentValues(TrialRecord incumbent) {
        List<Double> out = new ArrayList<>();
        for (JournalLine.Replicate r : session.replicates()) {
            if (r.trial() == incumbent.trial() && r.ok()) {
                out.add(r.value());
            }
        }
        // a store that keeps no replicates (a shared study): the trial's own measurements
        return out.isEmpty() ? new ArrayList<>(incumbent.measurements()) : out;
    }

    private JournalLine.Replicate measure(Trial t, int raceNo, int slice) throws InterruptedException {
        return measurements.measure(t, raceNo, slice);
    }

    /** ln(candidate / incumbent), oriented so that positive means the candidate is better. */
    private double logRatio(double candidate, double incumbent) {
        Direction d = session.direction();
        if (candidate <= 0 || incumbent <= 0) {
            return d.gainPercent(candidate, incumbent) / 100;
        }
        double r = Math.log(candidate / incumbent);
        return d == Direction.MAXIMIZE ? r : -r;
    }

    private void noiseFrom(List<Double> values) {
        noise = NoiseEstimate.of(values);
        noiseValues = List.copyOf(values);
    }

    private boolean timeUp() {
        return budget.timeUp();
    }

    /** The noise estimate (null before the noise phase). */
    public NoiseEstimate noise() {
        return noise;
    }

    /** Each race this process ran: trial, against, pairs, decision, gain and its interval. */
    public List<TuningProtocol.Race> races() {
        return List.copyOf(races);
    }

    /**
     * Why the search ended before the trial budget when what was left of its part held no race of the fewest pairs
     * (null: it did not end so).
     */
    public String searchEnd() {
        return searchEnd;
    }

    /** Measurements taken by this process (not those read back from the journal). */
    public int measured() {
        return measurements.measured();
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
