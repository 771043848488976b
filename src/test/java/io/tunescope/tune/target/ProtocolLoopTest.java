package io.tunescope.tune.target;

import io.tunescope.Progress;
import io.tunescope.store.JournalLine;
import io.tunescope.tune.session.Direction;
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
        public Map<String, Object> describe() {
            return Map.of();
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
            ProtocolLoop loop = run(s, target);

            assertThat(loop.noise().measurements()).isGreaterThanOrEqualTo(TrialProtocol.DEFAULT_NOISE_REPEATS);
            assertThat(loop.noise().cvPercent()).isBetween(0.5, 8.0);
            assertThat(trialOf(s, 0).race()).isEqualTo(TrialRecord.Race.INCUMBENT);
            assertThat(trialOf(s, 1).race()).isEqualTo(TrialRecord.Race.UNSTABLE);
            assertThat(trialOf(s, 2).race()).isEqualTo(TrialRecord.Race.BETTER);
            assertThat(trialOf(s, 3).race()).isEqualTo(TrialRecord.Race.WORSE);
            assertThat(trialOf(s, 3).measurements()).as("a clearly worse candidate is measured once").hasSize(1);
            assertThat(s.best().orElseThrow().config().values().get("x")).isEqualTo(2L);
            assertThat(s.stats().get("unstableTrials")).isEqualTo(1L);
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
        // x=3 beats x=2 in two pairs (five measurements): die at its fourth, mid-race
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
}
