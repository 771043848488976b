package io.tunescope.tune.session;

import io.tunescope.BadInputException;
import io.tunescope.store.TuningSummary;
import io.tunescope.store.JournalLine;
import io.tunescope.store.study.StudyStore;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.SearchSpace;
import io.tunescope.tune.strategy.Strategies;
import io.tunescope.tune.strategy.Strategy;
import io.tunescope.tune.strategy.StrategyContext;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ask/tell tuner: makes an application tunable in a few lines. The session asks the strategy for points, rounds
 * them to the grid, rejects points that break a constraint (without running them), answers points it has measured
 * before from its cache (a grid point is never measured twice), scores failed trials as the worst value seen so far
 * (and never proposes them again), journals every completed trial durably and keeps {@code best.json} current.
 *
 * <pre>{@code
 * SearchSpace space = new SearchSpace(List.of(
 *         new IntParam("threads", 1, 64, 1, false, List.of(-1L), 8L),      // -1 means "auto"
 *         EnumParam.bool("compress", false)),
 *     List.of(Constraint.parse("threads <= 32")));
 * TuningSession session = TuningSession.builder(space)
 *         .strategy("gp").seed(42).direction(Direction.MAXIMIZE).outputDirectory(Path.of("runs/t1")).build();
 * while (session.completedTrials() < 50) {
 *     Optional<Trial> next = session.ask();           // the configuration to run next
 *     if (next.isEmpty()) break;                      // the space is exhausted
 *     Trial trial = next.get();
 *     try { session.tell(trial, runBenchmark(trial.config())); }   // e.g. ops per second
 *     catch (Exception e) { session.fail(trial, e.toString()); }
 * }
 * Configuration best = session.best().orElseThrow().config();
 * }</pre>
 * Not thread-safe: call it from one thread (trials themselves may run in parallel via {@link #askBatch}).
 */
public final class TuningSession implements AutoCloseable {
    /** Proposals in a row that bring nothing new before the session gives up (the space is exhausted). */
    static final int MAX_IDLE_PROPOSALS = 20_000;

    private final SearchSpace space;
    private final Strategy strategy;
    private final Direction direction;
    private final Aggregate aggregate;
    private final long seed;
    private final String strategyName;
    private final Path outputDirectory;
    StudyStore journal;
    /** Trials claimed by a writer that died before completing them, taken over on resume: they run first. */
    final Deque<Trial> reclaimed = new ArrayDeque<>();
    private final TrialLedger ledger;
    private final Map<Integer, double[]> inFlight = new HashMap<>();
    private final Map<String, List<double[]>> waiting = new HashMap<>();
    private final Map<String, Integer> inFlightByKey = new HashMap<>();
    private final Deque<Configuration> forced = new ArrayDeque<>();
    private final Deque<Configuration> suggested = new ArrayDeque<>();
    private int asked;
    private int rejected;
    private int cacheHits;
    private boolean replaying;
    private List<JournalLine.Replicate> replicateLog;

    TuningSession(TuningSessionBuilder b) {
        this.space = b.space;
        this.direction = b.direction;
        this.aggregate = b.aggregate;
        this.seed = b.seed;
        this.strategyName = b.strategy;
        this.outputDirectory = b.outputDirectory;
        this.ledger = new TrialLedger(b.direction);
        this.strategy = Strategies.create(b.strategy, new StrategyContext(space.dims(), space.categoricalMask(),
                space::snap, b.seed, b.budgetTrials));
        if (b.evaluateDefaultFirst) {
            space.defaultConfiguration().ifPresent(forced::add);
        }
    }

    public static TuningSessionBuilder builder(SearchSpace space) {
        return new TuningSessionBuilder(space);
    }

    Journal.Header header() {
        return new Journal.Header(strategyName, seed, direction.label(), space.toString());
    }

    void replay(List<TrialRecord> records) {
        replaying = true;
        try {
            boolean inStep = true;
            for (TrialRecord r : records) {
                if (inStep) {
                    Optional<Trial> next = ask();
                    if (next.isPresent() && next.get().config().key().equals(r.config().key())) {
                        complete(next.get(), r);
                        continue;
                    }
                    next.ifPresent(t -> {
                        inFlight.remove(t.number());
                        inFlightByKey.remove(t.config().key());
                        asked--;
                    });
                    inStep = false;
                }
                importRecord(r);
            }
        } finally {
            replaying = false;
        }
    }

    /** A journaled trial the strategy did not ask for (replay diverged): cache it and let models learn from it. */
    private void importRecord(TrialRecord r) {
        asked = Math.max(asked, r.trial());
        forced.removeIf(c -> c.key().equals(r.config().key()));
        ledger.record(r);
        strategy.observe(space.toUnit(r.config()), ledger.internalValue(r));
    }

    /**
     * The next configuration to run, or empty when the space is exhausted (every configuration the strategy can
     * still reach has been measured). Asking while trials are in flight and the strategy waits for their results is
     * a caller's mistake: tell those results first.
     */
    public Optional<Trial> ask() {
        List<Trial> batch = askBatch(1);
        if (batch.isEmpty() && !inFlight.isEmpty()) {
            throw new IllegalStateException("the strategy waits for the " + inFlight.size()
                    + " trial(s) in flight; tell their results first");
        }
        return batch.stream().findFirst();
    }

    /** Up to {@code max} configurations to run at the same time (fewer when the strategy must wait for results). */
    public List<Trial> askBatch(int max) {
        List<Trial> out = new ArrayList<>();
        int idle = 0;
        while (out.size() < max) {
            if (!reclaimed.isEmpty()) {
                Trial t = reclaimed.poll();
                inFlight.put(t.number(), null);
                inFlightByKey.put(t.config().key(), t.number());
                out.add(t);
                continue;
            }
            if (!forced.isEmpty()) {
                Configuration c = forced.poll();
                if (!ledger.contains(c.key()) && !inFlightByKey.containsKey(c.key())) {
                    out.add(newTrial(c, null, true));
                }
                continue;
            }
            if (!suggested.isEmpty()) {
                Configuration c = suggested.poll();
                if (!ledger.contains(c.key()) && !inFlightByKey.containsKey(c.key()) && space.isFeasible(c)) {
                    out.add(newTrial(c, null, false));
                }
                continue;
            }
            double[] p = strategy.ask();
            if (p == null) {
                break;
            }
            Configuration c = space.fromUnit(p);
            String key = c.key();
            if (!space.isFeasible(c)) {
                rejected++;
                strategy.tell(p, ledger.penalty());
            } else if (ledger.contains(key)) {
                cacheHits++;
                strategy.tell(p, ledger.internalValue(key));
            } else if (inFlightByKey.containsKey(key)) {
                waiting.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
            } else {
                out.add(newTrial(c, p, false));
                idle = 0;
                continue;
            }
            if (++idle > MAX_IDLE_PROPOSALS) {
                break;
            }
        }
        return out;
    }

    /**
     * Measures {@code configs} next, in order, before the strategy's own proposals (a warm start from configurations
     * good elsewhere); their results teach the strategy like any trial's. Measured or infeasible ones are skipped.
     */
    public void suggest(List<Configuration> configs) {
        suggested.addAll(configs);
    }

    private Trial newTrial(Configuration c, double[] point, boolean isDefault) {
        int number = journal == null || replaying ? asked + 1 : journal.claim(asked + 1, c.values(), isDefault);
        asked = Math.max(asked, number);
        Trial t = new Trial(number, c, isDefault);
        inFlight.put(t.number(), point);
        inFlightByKey.put(c.key(), t.number());
        return t;
    }

    /** Reports the measurement(s) of a trial; repeats are aggregated by the session's aggregate (median by default). */
    public TrialRecord tell(Trial trial, double... measurements) {
        return tell(trial, Duration.ZERO, measurements);
    }

    /** Like {@link #tell(Trial, double...)}, recording how long the trial ran. */
    public TrialRecord tell(Trial trial, Duration elapsed, double... measurements) {
        long elapsedMillis = elapsed.toMillis();
        List<Double> m = new ArrayList<>();
        for (double v : measurements) {
            if (!Double.isFinite(v)) {
                return fail(trial, "objective is not a finite number: " + v, elapsed);
            }
            m.add(v);
        }
        if (m.isEmpty()) {
            throw new IllegalArgumentException("tell needs at least one measurement");
        }
        return complete(trial, new TrialRecord(trial.number(), trial.config(), TrialRecord.Status.OK,
                aggregate.apply(m), m, null, trial.isDefault(), elapsedMillis));
    }

    /**
     * Reports a trial measured by the racing protocol: its replicates (one value per measurement), whose mean is the
     * de-noised objective the strategy is told, and what its race decided ({@link TrialRecord.Race}).
     */
    public TrialRecord tellRaced(Trial trial, Duration elapsed, String race, List<Double> replicates) {
        if (replicates.isEmpty()) {
            throw new IllegalArgumentException("a raced trial needs at least one replicate");
        }
        for (double v : replicates) {
            if (!Double.isFinite(v)) {
                return fail(trial, "objective is not a finite number: " + v, elapsed);
            }
        }
        double mean = replicates.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        return complete(trial, new TrialRecord(trial.number(), trial.config(), TrialRecord.Status.OK, mean,
                replicates, null, trial.isDefault(), elapsed.toMillis(), race));
    }

    /**
     * Records one measurement of a race durably (journaled before the caller goes on), so that a resumed session finds
     * it in {@link #replicates()} instead of measuring it again.
     */
    public void recordReplicate(JournalLine.Replicate r) {
        replicates();
        replicateLog.add(r);
        if (journal != null) {
            journal.appendReplicate(r);
        }
    }

    /** The race measurements recorded so far, by this process and, on resume, before it. */
    public List<JournalLine.Replicate> replicates() {
        if (replicateLog == null) {
            replicateLog = new ArrayList<>(journal == null ? List.of() : journal.replicates());
        }
        return java.util.Collections.unmodifiableList(replicateLog);
    }

    /** Reports that a trial crashed, timed out or failed: it scores as the worst value so far and is never rerun. */
    public TrialRecord fail(Trial trial, String reason) {
        return fail(trial, reason, Duration.ZERO);
    }

    public TrialRecord fail(Trial trial, String reason, Duration elapsed) {
        return complete(trial, new TrialRecord(trial.number(), trial.config(), TrialRecord.Status.FAILED, null,
                List.of(), reason == null ? "failed" : reason, trial.isDefault(), elapsed.toMillis()));
    }

    private TrialRecord complete(Trial trial, TrialRecord r) {
        if (!inFlight.containsKey(trial.number())) {
            throw new IllegalStateException("trial " + trial.number() + " is not in flight");
        }
        double[] point = inFlight.remove(trial.number());
        inFlightByKey.remove(trial.config().key());
        ledger.record(r);
        if (journal != null && !replaying) {
            journal.append(Journal.line(r));
        }
        double v = ledger.internalValue(r);
        if (point != null) {
            strategy.tell(point, v);
        } else {
            strategy.observe(space.toUnit(r.config()), v);
        }
        for (double[] p : waiting.getOrDefault(trial.config().key(), List.of())) {
            strategy.tell(p, v);
        }
        waiting.remove(trial.config().key());
        if (outputDirectory != null && !replaying) {
            BestFile.write(outputDirectory, this);
        }
        return r;
    }

    /**
     * On a study store that other tuner processes share: takes in the trials they completed since the last call (each
     * is cached, so never measured again here, and teaches the strategy) and returns how many. They count towards
     * {@link #completedTrials()}: writers of one study share its budget. Zero on a file journal.
     */
    public int learnFromStudy() {
        if (journal == null || !journal.shared()) {
            return 0;
        }
        int learned = 0;
        for (io.tunescope.store.JournalLine.Trial t : journal.completedTrials()) {
            if (!ledger.containsTrial(t.trial()) && !inFlight.containsKey(t.trial())) {
                importRecord(Journal.toRecord(t, space, journal.describe() + " trial " + t.trial()));
                learned++;
            }
        }
        return learned;
    }

    /** Writes the study's header and every writer's completed trials to {@code file} ({@link StudyStore#snapshot}). */
    public void snapshotStudy(Path file) {
        if (journal == null) {
            throw new IllegalStateException("an in-memory session has no study");
        }
        journal.snapshot(file);
    }

    public int completedTrials() {
        return ledger.size();
    }

    public Optional<TrialRecord> best() {
        return ledger.best();
    }

    public Optional<TrialRecord> defaultTrial() {
        return ledger.defaultTrial();
    }

    public List<TrialRecord> history() {
        return ledger.history();
    }

    public SearchSpace space() {
        return space;
    }

    public Direction direction() {
        return direction;
    }

    public String strategyName() {
        return strategyName;
    }

    public long seed() {
        return seed;
    }

    /** Points the strategy proposed that broke a constraint and were not run. */
    public int rejectedProposals() {
        return rejected;
    }

    /** Proposals answered from the cache instead of being measured again. */
    public int cacheHits() {
        return cacheHits;
    }

    /** Counters for summaries. */
    public TuningSummary.Stats stats() {
        return new TuningSummary.Stats(ledger.size(), ledger.failed(), ledger.unstable(), cacheHits, rejected);
    }

    @Override
    public void close() {
        if (journal != null) {
            journal.close();
        }
    }
}
