package io.tunescope.tune.target;

import io.tunescope.Progress;
import io.tunescope.store.TuningProtocol;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.Replication;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.SearchSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A race under {@code auto} takes at least the pairs of its first look, whatever its share of the budget; when the
 * search's part left cannot hold such a race, the search ends instead. The figures are those of PostgreSQL at SF 1 on a
 * loaded machine: 92 s a measurement, a noise of about 16 %, {@code budgetTime: 35m}, 12 trials asked for; there the
 * share of every race after the noise phase was below one measurement, and each raced one pair, which can decide
 * nothing.
 */
class RaceMinimumTest {
    private static final SearchSpace SPACE = new SearchSpace(List.of(new IntParam("x", 0, 20, 1, false, List.of(),
            0L)), List.of());
    private static final int BUDGET = 12;

    /** Lognormal noise of 16 %, every non-default value 6 % better; 80 s for the default, 104 s for the others. */
    static final class SlowNoisyTarget implements TuningTarget {
        final Random random;
        int calls;
        int dieAt = Integer.MAX_VALUE;

        SlowNoisyTarget(long seed, int alreadyDrawn) {
            random = new Random(seed);
            for (int i = 0; i < alreadyDrawn; i++) {
                random.nextGaussian();
            }
        }

        @Override
        public Measurement measure(Configuration config, boolean isDefault, Path log) {
            if (++calls >= dieAt) {
                throw new IllegalStateException("killed in the middle of a race");
            }
            long x = ((Number) config.values().get("x")).longValue();
            double value = (x == 0 ? 100 : 106) * Math.exp(0.16 * random.nextGaussian());
            return Measurement.ok(List.of(value), x == 0 ? 80_000 : 104_000);
        }

        @Override
        public io.tunescope.store.TargetDescription describe() {
            return null;
        }
    }

    /** The notes the progress display was given. */
    static final class Notes implements Progress.Task {
        final List<String> lines = new ArrayList<>();

        @Override
        public void step(long units) {
        }

        @Override
        public void note(String text) {
            lines.add(text);
        }

        @Override
        public void done() {
        }
    }

    private static TuningSession session(Path dir, boolean resume) {
        var b = TuningSession.builder(SPACE).strategy("random").seed(5).direction(Direction.MAXIMIZE)
                .outputDirectory(dir).budgetTrials(BUDGET);
        return resume ? b.resume() : b.build();
    }

    private static Configuration x(long v) {
        return SPACE.configuration(Map.of("x", v));
    }

    private static ProtocolLoop run(TuningSession s, TuningTarget target, TrialProtocol p, Progress.Task notes)
            throws InterruptedException {
        ProtocolLoop loop = new ProtocolLoop(target, s, p, n -> Path.of("/dev/null"), notes);
        loop.run(BUDGET, Progress.Task.NONE, t -> { });
        return loop;
    }

    private static TuningProtocol.Race raceOf(ProtocolLoop loop, int trial) {
        return loop.races().stream().filter(r -> r.trial() == trial).findFirst().orElseThrow();
    }

    private static final TrialProtocol TIMED = TrialProtocol.defaults().withBudgetTime(Duration.ofMinutes(35));

    @Test
    void underATimeBudgetARaceGetsItsFirstLookAndTheTimeBudgetEndsTheSearch(@TempDir Path dir) throws Exception {
        SlowNoisyTarget target = new SlowNoisyTarget(21, 0);
        Notes notes = new Notes();
        try (TuningSession s = session(dir, false)) {
            s.suggest(List.of(x(1), x(2)));
            ProtocolLoop loop = run(s, target, TIMED, notes);
            TuningProtocol.Size size = raceOf(loop, 3).maxSlices();
            assertThat(size).as("trial 3 was not clearly worse: it raced").isNotNull();
            // 1575 s of search, 8 noise-phase measurements of 92 s: 839 s left over 10 trials, 84 s a race
            assertThat(size.cap()).as("the share holds no pair").isZero();
            assertThat(ReplicationSizing.choose(size.pairsNeeded(), size.cap(), "budgetTime", 1).chosen())
                    .as("the former rule: one slice").isEqualTo(1);
            assertThat(size.chosen()).isEqualTo(ReplicationBudget.MIN_RACE_PAIRS);
            assertThat(size.limitedBy()).isEqualTo("minRacePairs");
            assertThat(size.pairsNeeded()).as("the noise asks for far more").isGreaterThan(20);
            TuningProtocol.Race race = raceOf(loop, 3);
            assertThat(race.pairs()).as("no race is cut below its first look unless it lost")
                    .isEqualTo("worse".equals(race.decision()) ? race.pairs() : ReplicationBudget.MIN_RACE_PAIRS);

            assertThat(s.completedTrials()).as("fewer trials than asked, none undecidable").isEqualTo(3);
            assertThat(loop.searchEnd()).startsWith("the search ended after 3 of 12 trials: ");
            assertThat(notes.lines).anySatisfy(l -> assertThat(l).startsWith("trial 3 races for at most: 4;")
                    .endsWith("its share allows 0 slices, raised to 4, the fewest a race takes; races sized to at "
                            + "least 4 pairs; the time left holds about 1 such race, this one included"));
            assertThat(notes.lines).contains(loop.searchEnd());
        }
    }

    @Test
    void theMeasurementBudgetLikewise(@TempDir Path dir) throws Exception {
        // 2 per trial of 12: 24 measurements, 18 for the search; the noise phase takes 8, one race of 9 fits
        TrialProtocol tight = new TrialProtocol(TrialProtocol.Mode.RACING, 4, Replication.AUTO, 5, Replication.AUTO,
                3, 0.95, 2, null);
        SlowNoisyTarget target = new SlowNoisyTarget(21, 0);
        try (TuningSession s = session(dir, false)) {
            s.suggest(List.of(x(1), x(2)));
            ProtocolLoop loop = run(s, target, tight, Progress.Task.NONE);
            TuningProtocol.Size size = raceOf(loop, 3).maxSlices();
            assertThat(size).isEqualTo(new TuningProtocol.Size(4, size.pairsNeeded(), 0, "minRacePairs"));
            assertThat(s.completedTrials()).isEqualTo(3);
            assertThat(loop.searchEnd()).startsWith("the search ended after 3 of 12 trials: what is left of its part "
                    + "of the measurement budget, 1 measurements, holds no race of 4 pairs");
        }
    }

    @Test
    void aNumberOfSlicesIsNotRaisedAndEndsNoSearch(@TempDir Path dir) throws Exception {
        TrialProtocol fixed = new TrialProtocol(TrialProtocol.Mode.RACING, 4, Replication.of(1), 5, Replication.AUTO,
                3, 0.95, 10, Duration.ofMinutes(35));
        SlowNoisyTarget target = new SlowNoisyTarget(21, 0);
        try (TuningSession s = session(dir, false)) {
            s.suggest(List.of(x(1), x(2), x(3), x(4)));
            ProtocolLoop loop = run(s, target, fixed, Progress.Task.NONE);
            assertThat(loop.races()).allSatisfy(r -> assertThat(r.pairs()).isLessThanOrEqualTo(4));
            assertThat(loop.races().stream().skip(1)).allSatisfy(r -> assertThat(r.pairs()).isLessThanOrEqualTo(1));
            assertThat(loop.searchEnd()).isNull();
            assertThat(s.completedTrials()).as("the search's time ends it").isGreaterThan(3);
        }
    }

    /**
     * Killed in the middle of trial 3's race and resumed: the race is sized as in the uninterrupted session (its own
     * measurements, already in the journal, count neither against its share nor in the mean measurement time), and
     * the search ends after the same trials.
     */
    @Test
    void aResumedSessionSizesItsRaceAndEndsItsSearchAsTheUninterruptedOne(@TempDir Path tmp) throws Exception {
        SlowNoisyTarget whole = new SlowNoisyTarget(21, 0);
        ProtocolLoop wholeLoop;
        List<TrialRecord> wholeHistory;
        try (TuningSession s = session(tmp.resolve("whole"), false)) {
            s.suggest(List.of(x(1), x(2)));
            wholeLoop = run(s, whole, TIMED, Progress.Task.NONE);
            wholeHistory = s.history();
        }
        // noise phase 8, trial 3's screening 1, then its pairs: die at the second measurement of its second pair
        int diesAt = 13;
        assertThat(whole.calls).isGreaterThan(diesAt);
        SlowNoisyTarget killed = new SlowNoisyTarget(21, 0);
        killed.dieAt = diesAt;
        Path dir = tmp.resolve("killed");
        try (TuningSession s = session(dir, false)) {
            s.suggest(List.of(x(1), x(2)));
            assertThatThrownBy(() -> run(s, killed, TIMED, Progress.Task.NONE)).hasMessageContaining("killed");
        }
        SlowNoisyTarget resumed = new SlowNoisyTarget(21, diesAt - 1);
        try (TuningSession s = session(dir, true)) {
            s.suggest(List.of(x(2)));
            ProtocolLoop loop = run(s, resumed, TIMED, Progress.Task.NONE);
            assertThat(raceOf(loop, 3).maxSlices()).isEqualTo(raceOf(wholeLoop, 3).maxSlices());
            assertThat(raceOf(loop, 3)).isEqualTo(raceOf(wholeLoop, 3));
            assertThat(resumed.calls).isEqualTo(whole.calls - (diesAt - 1));
            assertThat(s.history()).hasSameSizeAs(wholeHistory);
            for (int i = 0; i < wholeHistory.size(); i++) {
                assertThat(s.history().get(i).measurements()).isEqualTo(wholeHistory.get(i).measurements());
                assertThat(s.history().get(i).race()).isEqualTo(wholeHistory.get(i).race());
            }
            assertThat(loop.searchEnd()).isEqualTo(wholeLoop.searchEnd());
        }
    }
}
