package io.tunescope.tune.target;

import io.tunescope.Progress;
import io.tunescope.store.JournalLine;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Racing on planted data: a real gain wins its race, a clearly worse one stops at once, a noisy one is unstable. */
class ProtocolLoopTest {
    private static final SearchSpace SPACE = new SearchSpace(List.of(new IntParam("x", 0, 3, 1, false, List.of(), 0L)),
            List.of());

    /** A target whose objective is {@code value(x)}, counting its measurements; it can stop dead at one of them. */
    static final class PlantedTarget implements TuningTarget {
        final ToDoubleFunction<Long> value;
        int calls;
        int dieAt = Integer.MAX_VALUE;

        PlantedTarget(ToDoubleFunction<Long> value) {
            this.value = value;
        }

        @Override
        public Measurement measure(Configuration config, boolean isDefault, Path log) {
            if (++calls >= dieAt) {
                throw new IllegalStateException("killed in the middle of a race");
            }
            return Measurement.ok(List.of(value.applyAsDouble(((Number) config.values().get("x")).longValue())), 10);
        }

        @Override
        public io.tunescope.store.TargetDescription describe() {
            return null;
        }
    }

    private static TuningSession session(Path dir, boolean resume) {
        var b = TuningSession.builder(SPACE).strategy("random").seed(3).direction(Direction.MAXIMIZE)
                .outputDirectory(dir).budgetTrials(4);
        return resume ? b.resume() : b.build();
    }

    private static Configuration x(long v) {
        return SPACE.configuration(Map.of("x", v));
    }

    private static TrialRecord trialOf(TuningSession s, long x) {
        return s.history().stream().filter(r -> ((Number) r.config().values().get("x")).longValue() == x)
                .findFirst().orElseThrow();
    }

    private static ProtocolLoop run(TuningSession s, TuningTarget target) throws InterruptedException {
        ProtocolLoop loop = new ProtocolLoop(target, s, TrialProtocol.defaults(), n -> Path.of("/dev/null"),
                Progress.Task.NONE);
        loop.run(4, Progress.Task.NONE, t -> { });
        return loop;
    }

    @Test
    void plantedGainWinsWorseStopsAtOnceAndNoisyIsUnstable(@TempDir Path dir) throws Exception {
        Random noise = new Random(7);
        // x=0 the default, x=1 spreads 40 % (unstable), x=2 is 20 % better, x=3 half as good; 3 % noise elsewhere
        PlantedTarget target = new PlantedTarget(x -> switch (x.intValue()) {
            case 1 -> 100 * (1 + 0.4 * noise.nextGaussian());
            case 2 -> 120 * (1 + 0.03 * noise.nextGaussian());
            case 3 -> 50 * (1 + 0.03 * noise.nextGaussian());
            default -> 100 * (1 + 0.03 * noise.nextGaussian());
        });
        try (TuningSession s = session(dir, false)) {
            s.suggest(List.of(x(1), x(2), x(3)));
            // fixed slices: at 3 % noise auto sizes the noise phase at 4 pairs, and this seed's 4 default measurements
            // spread 0.8 %, which makes the 3 % of x=2 look unstable (auto's own tests are below)
            ProtocolLoop loop = run(s, target, FIXED);

            assertThat(loop.noise().measurements()).isGreaterThanOrEqualTo(TrialProtocol.DEFAULT_NOISE_REPEATS);
            assertThat(loop.noise().cvPercent()).isBetween(0.5, 8.0);
            assertThat(trialOf(s, 0).race()).isEqualTo(TrialRecord.Race.INCUMBENT);
            assertThat(trialOf(s, 1).race()).isEqualTo(TrialRecord.Race.UNSTABLE);
            assertThat(trialOf(s, 2).race()).isEqualTo(TrialRecord.Race.BETTER);
            assertThat(trialOf(s, 3).race()).isEqualTo(TrialRecord.Race.WORSE);
            assertThat(trialOf(s, 3).measurements()).as("a clearly worse candidate is measured once").hasSize(1);
            assertThat(s.best().orElseThrow().config().values().get("x")).isEqualTo(2L);
            assertThat(s.stats().unstableTrials()).isEqualTo(1L);
        }
    }

    @Test
    void equalConfigurationsNeverDisplaceTheDefault(@TempDir Path dir) throws Exception {
        Random noise = new Random(11);
        PlantedTarget target = new PlantedTarget(x -> 100 * (1 + 0.03 * noise.nextGaussian()));
        try (TuningSession s = session(dir, false)) {
            s.suggest(List.of(x(1), x(2), x(3)));
            run(s, target);
            assertThat(s.history()).hasSize(4);
            assertThat(s.best().orElseThrow().isDefault()).isTrue();
            assertThat(s.history().stream().map(TrialRecord::race).toList())
                    .doesNotContain(TrialRecord.Race.BETTER);
        }
    }

    /**
     * A tuner that dies in the middle of a race (the target throws, as a kill leaves the journal: every line before
     * is fsynced, nothing after) loses no measurement and repeats none when resumed: the resumed run measures exactly
     * what the uninterrupted run measured after that point, and ends with the same trials.
     */
    @Test
    void resumeInTheMiddleOfARaceLosesNothingAndCountsNothingTwice(@TempDir Path tmp) throws Exception {
        ToDoubleFunction<Long> planted = x -> x == 2 ? 130 : x == 3 ? 140 : 100;
        PlantedTarget whole = new PlantedTarget(planted);
        List<TrialRecord> wholeHistory;
        try (TuningSession s = session(tmp.resolve("whole"), false)) {
            s.suggest(List.of(x(1), x(2), x(3)));
            run(s, whole);
            wholeHistory = s.history();
        }
        // x=3 beats x=2 at the race's first look, four pairs (nine measurements): die at its eighth, mid-race
        int diesAt = whole.calls - 1;
        PlantedTarget killed = new PlantedTarget(planted);
        killed.dieAt = diesAt;
        Path dir = tmp.resolve("killed");
        try (TuningSession s = session(dir, false)) {
            s.suggest(List.of(x(1), x(2), x(3)));
            assertThatThrownBy(() -> run(s, killed)).hasMessageContaining("killed");
            assertThat(s.history()).as("the race of x=3 had not completed").hasSize(3);
        }
        List<JournalLine.Replicate> before;
        PlantedTarget resumed = new PlantedTarget(planted);
        try (TuningSession s = session(dir, true)) {
            before = s.replicates();
            assertThat(before.stream().filter(r -> r.race() == 4)).as("measurements of the cut race").isNotEmpty();
            s.suggest(List.of(x(3)));
            run(s, resumed);
            assertThat(resumed.calls).as("measured after the resume").isEqualTo(whole.calls - (diesAt - 1));
            assertThat(s.history()).hasSize(4);
            for (int i = 0; i < 4; i++) {
                assertThat(s.history().get(i).config()).isEqualTo(wholeHistory.get(i).config());
                assertThat(s.history().get(i).measurements()).isEqualTo(wholeHistory.get(i).measurements());
                assertThat(s.history().get(i).race()).isEqualTo(wholeHistory.get(i).race());
            }
            assertThat(s.replicates()).startsWith(before.toArray(JournalLine.Replicate[]::new));
            Set<List<Integer>> keys = new HashSet<>();
            for (JournalLine.Replicate r : s.replicates()) {
                assertThat(keys.add(List.of(r.race(), r.trial(), r.slice()))).as("measured twice: " + r).isTrue();
            }
            assertThat(s.replicates()).hasSize(whole.calls);
        }
    }

    private static final TrialProtocol FIXED = new TrialProtocol(TrialProtocol.Mode.RACING, 4, Replication.of(5), 5,
            Replication.of(20), 3, 0.95, 10, null);

    private static ProtocolLoop run(TuningSession s, TuningTarget target, TrialProtocol p)
            throws InterruptedException {
        ProtocolLoop loop = new ProtocolLoop(target, s, p, n -> Path.of("/dev/null"), Progress.Task.NONE);
        loop.run(4, Progress.Task.NONE, t -> { });
        return loop;
    }

    private static TuningProtocol.Size sliceSize(TuningProtocol.Race race) {
        return race.maxSlices();
    }

    /**
     * Under {@code auto} at 20 % noise (132 pairs needed for ±5 points) the races are capped by the measurement
     * budget, 10 per trial of the budget of 4: the search takes at most three quarters of 40 measurements.
     */
    @Test
    void autoRacesAreSizedFromTheNoiseWithinTheMeasurementBudget(@TempDir Path dir) throws Exception {
        Random noise = new Random(5);
        PlantedTarget target = new PlantedTarget(x -> 100 * Math.exp(0.2 * noise.nextGaussian()));
        try (TuningSession s = session(dir, false)) {
            s.suggest(List.of(x(1), x(2), x(3)));
            ProtocolLoop loop = run(s, target, TrialProtocol.defaults());
            assertThat(loop.races()).isNotEmpty();
            for (TuningProtocol.Race race : loop.races()) {
                TuningProtocol.Size size = sliceSize(race);
                if (size == null) {
                    continue; // clearly worse after one measurement: never sized
                }
                assertThat(size.limitedBy()).isEqualTo("measurementBudget");
                assertThat(size.pairsNeeded()).isGreaterThan(40);
                assertThat(race.pairs()).isLessThanOrEqualTo(size.chosen());
            }
            assertThat(target.calls).as("the search's three quarters of 4 x 10").isLessThanOrEqualTo(30);
            assertThat(sliceSize(loop.races().get(0)).chosen()).as("the noise phase's race: 30 / 3 / 2")
                    .isEqualTo(5);
        }
    }

    /** At 3 % noise the noise asks for fewer pairs than the budget allows: the races take what it asks. */
    @Test
    void autoTakesWhatTheNoiseAsksWhenTheBudgetAllowsIt(@TempDir Path dir) throws Exception {
        Random noise = new Random(9);
        PlantedTarget target = new PlantedTarget(x -> (x == 2 ? 101 : 100) * Math.exp(0.03 * noise.nextGaussian()));
        TrialProtocol generous = new TrialProtocol(TrialProtocol.Mode.RACING, 4, Replication.AUTO, 5,
                Replication.AUTO, 3, 0.95, 200, null);
        try (TuningSession s = session(dir, false)) {
            s.suggest(List.of(x(1), x(2), x(3)));
            ProtocolLoop loop = run(s, target, generous);
            TuningProtocol.Size first = sliceSize(loop.races().get(0));
            assertThat(first.limitedBy()).isEqualTo("noise");
            assertThat(first.chosen()).isEqualTo(first.pairsNeeded())
                    .isGreaterThanOrEqualTo(TrialProtocol.DEFAULT_NOISE_REPEATS)
                    .isLessThan(first.cap());
            int expected = ReplicationSizing.pairsToResolve(loop.noise().logSd(), 5, 0.95);
            assertThat(first.chosen()).as("about what the noise asks").isBetween(expected / 3,
                    expected * 3 + 4);
        }
    }

    /** A number keeps the fixed behaviour: no race takes more than five slices, whatever the noise and budget. */
    @Test
    void aFixedMaxSlicesIsKeptWhateverTheNoise(@TempDir Path dir) throws Exception {
        Random noise = new Random(13);
        PlantedTarget target = new PlantedTarget(x -> 100 * Math.exp(0.3 * noise.nextGaussian()));
        TrialProtocol fixed = new TrialProtocol(TrialProtocol.Mode.RACING, 4, Replication.of(5), 5,
                Replication.of(20), 3, 0.95, 2, null);
        try (TuningSession s = session(dir, false)) {
            s.suggest(List.of(x(1), x(2), x(3)));
            ProtocolLoop loop = run(s, target, fixed);
            for (TuningProtocol.Race race : loop.races()) {
                assertThat(race.pairs()).isLessThanOrEqualTo(5);
                if (sliceSize(race) != null) {
                    assertThat(sliceSize(race).limitedBy()).isEqualTo("fixed");
                }
            }
            assertThat(target.calls).as("noise phase 2 x 5, then at most 1 + 2 x 5 per race")
                    .isLessThanOrEqualTo(10 + 2 * 11);
        }
    }

    /**
     * Under {@code budgetTime} the re-validation has what the session's measurements left of it, on the journal's
     * clock: time spent outside measurements (a persistent server's load) does not shorten it.
     */
    @Test
    void theRevalidationHasWhatTheMeasurementsLeftOfTheTimeBudget(@TempDir Path dir) throws Exception {
        Random noise = new Random(17);
        PlantedTarget target = new PlantedTarget(x -> 100 * Math.exp(0.05 * noise.nextGaussian()));
        TrialProtocol timed = TrialProtocol.defaults().withBudgetTime(java.time.Duration.ofSeconds(60));
        try (TuningSession s = session(dir, false)) {
            run(s, target, timed);
            assertThat(target.calls).isPositive();
            Thread.sleep(30);
            assertThat(new ReplicationBudget(timed, s, 4).revalidationMillisLeft())
                    .as("60 s less 10 ms per measurement").isEqualTo(60_000 - 10L * target.calls);
            assertThat(new ReplicationBudget(TrialProtocol.defaults(), s, 4).revalidationMillisLeft()).isZero();
        }
    }
}
