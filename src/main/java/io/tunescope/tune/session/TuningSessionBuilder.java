package io.tunescope.tune.session;

import io.tunescope.BadInputException;
import io.tunescope.store.study.StudyLocation;
import io.tunescope.store.study.StudyStore;
import io.tunescope.tune.space.SearchSpace;
import io.tunescope.tune.strategy.Strategies;

import java.nio.file.Path;

/** Options of a session; every setter checks its argument. */
public final class TuningSessionBuilder {
    final SearchSpace space;
    String strategy = "gp";
    long seed = 1;
    Direction direction = Direction.MINIMIZE;
    Aggregate aggregate = Aggregate.MEDIAN;
    Path outputDirectory;
    private StudyLocation study;
    boolean evaluateDefaultFirst = true;
    int budgetTrials;

    TuningSessionBuilder(SearchSpace space) {
        this.space = space;
    }

    public TuningSessionBuilder strategy(String name) {
        if (!Strategies.exists(name)) {
            throw BadInputException.of("strategy", name, "must be one of " + Strategies.names());
        }
        this.strategy = name;
        return this;
    }

    public TuningSessionBuilder seed(long seed) {
        this.seed = seed;
        return this;
    }

    public TuningSessionBuilder direction(Direction direction) {
        this.direction = direction;
        return this;
    }

    public TuningSessionBuilder aggregate(Aggregate aggregate) {
        this.aggregate = aggregate;
        return this;
    }

    /** Where the journal and {@code best.json} go; none means an in-memory session. */
    public TuningSessionBuilder outputDirectory(Path dir) {
        this.outputDirectory = dir;
        return this;
    }

    /**
     * Where the trials are recorded, if not in the output directory's journal: a study store shared with other
     * tuner processes (a PostgreSQL database). {@code best.json} stays in the output directory.
     */
    public TuningSessionBuilder study(StudyLocation location) {
        this.study = location;
        return this;
    }

    private StudyLocation location() {
        return study != null ? study : outputDirectory == null ? null : Journal.in(outputDirectory);
    }

    /** Whether the parameters' default configuration (if any) is measured first, as the baseline. */
    public TuningSessionBuilder evaluateDefaultFirst(boolean yes) {
        this.evaluateDefaultFirst = yes;
        return this;
    }

    /** The planned number of trials, a hint some strategies use (0 = unknown). */
    public TuningSessionBuilder budgetTrials(int trials) {
        if (trials < 0) {
            throw BadInputException.of("budget", trials, "must be at least 0");
        }
        this.budgetTrials = trials;
        return this;
    }

    /** A new session, with a new journal when an output directory is set. */
    public TuningSession build() {
        TuningSession s = new TuningSession(this);
        StudyLocation where = location();
        if (where != null) {
            s.journal = where.create(s.header().line());
        }
        return s;
    }

    /**
     * Continues the session journaled in the output directory: completed trials are replayed into a fresh
     * strategy with the same seed (which rebuilds its state exactly) and are never run again. Trials of a shared
     * study store that other writers completed are replayed too; trials whose writer died mid-trial are taken over
     * and run first, under their own numbers.
     */
    public TuningSession resume() {
        StudyLocation where = location();
        if (where == null) {
            throw new IllegalStateException("resume needs an output directory or a study store");
        }
        TuningSession s = new TuningSession(this);
        if (study == null) {
            // the file journal: read (and report) before reopening, which cuts off a torn last line
            Journal.Contents contents = Journal.read(outputDirectory, space);
            contents.header().requireSameSession(s.header(), "journal", outputDirectory);
            s.replay(contents.trials());
            s.journal = Journal.reopen(outputDirectory);
            return s;
        }
        StudyStore store = where.reopen();
        try {
            Journal.Header.of(store.header()).requireSameSession(s.header(), "study", store.describe());
            s.replay(store.completedTrials().stream()
                    .map(t -> Journal.toRecord(t, space, store.describe() + " trial " + t.trial())).toList());
            for (StudyStore.Claim c : store.takeOverAbandoned()) {
                s.reclaimed.add(new Trial(c.trial(), space.configuration(c.config()), c.isDefault()));
            }
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
        s.journal = store;
        return s;
    }
}
