package io.tunescope.tune.session;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;
import io.tunescope.tune.space.Constraint;
import io.tunescope.tune.space.EnumParam;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.SearchSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TuningSessionTest {
    private static SearchSpace small() {
        return new SearchSpace(List.of(new IntParam("a", 0, 4, 1, false, List.of(), 2L), IntParam.of("b", 0, 4)),
                List.of(Constraint.parse("a + b <= 6")));
    }

    private static double value(Trial t) {
        long a = (Long) t.config().get("a");
        long b = (Long) t.config().get("b");
        return (a - 3) * (a - 3) + (b - 1) * (b - 1);
    }

    @Test
    void theCacheMeansAGridPointIsNeverMeasuredTwiceAndConstraintsAreNeverRun() {
        // Nelder-Mead on a 5x5 grid proposes many points that round to the same grid point
        TuningSession s = TuningSession.builder(small()).strategy("nelder-mead").seed(2).build();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 15; i++) {
            Trial t = s.ask().orElseThrow();
            assertThat(seen.add(t.config().key())).isTrue();
            assertThat(s.space().isFeasible(t.config())).isTrue();
            s.tell(t, value(t));
        }
        assertThat(s.cacheHits()).isPositive();
        assertThat(s.best().orElseThrow().objective()).isZero();
    }

    @Test
    void theDefaultConfigurationIsMeasuredFirst() {
        TuningSession s = TuningSession.builder(small()).strategy("random").seed(1).build();
        Trial first = s.ask().orElseThrow();
        assertThat(first.isDefault()).isTrue();
        assertThat(first.config().key()).isEqualTo("a=2,b=2");
    }

    @Test
    void failedTrialsScoreAsWorstSoFarAndAreNeverProposedAgain() {
        SearchSpace space = SearchSpace.of(IntParam.of("a", 0, 9));
        TuningSession s = TuningSession.builder(space).strategy("random").seed(4).build();
        Set<String> seen = new HashSet<>();
        int failed = 0;
        for (int i = 0; i < 10; i++) {
            Trial t = s.ask().orElseThrow();
            assertThat(seen.add(t.config().key())).isTrue();
            long a = (Long) t.config().get("a");
            if (a % 3 == 0) {
                s.fail(t, "crash");
                failed++;
            } else {
                s.tell(t, a);
            }
        }
        assertThat(failed).isEqualTo(4);
        assertThat(s.history()).filteredOn(r -> !r.ok()).allMatch(r -> r.error().equals("crash") && r.objective() == null);
        assertThat(s.best().orElseThrow().objective()).isEqualTo(1.0);
        assertThat(s.ask()).isEmpty();   // all ten values measured: the space is exhausted
    }

    @Test
    void askOnAnExhaustedSpaceIsEmptyAndStaysEmpty() {
        TuningSession s = TuningSession.builder(SearchSpace.of(EnumParam.bool("x", null))).strategy("random").seed(3)
                .build();
        for (int i = 0; i < 2; i++) {
            Trial t = s.ask().orElseThrow();
            s.tell(t, i);
        }
        assertThat(s.ask()).isEmpty();
        assertThat(s.ask()).isEmpty();
        assertThat(s.askBatch(4)).isEmpty();
        assertThat(s.completedTrials()).isEqualTo(2);
    }

    @Test
    void repeatsAreAggregatedAndMaximizeFlipsTheSense() {
        TuningSession s = TuningSession.builder(SearchSpace.of(EnumParam.bool("x", null))).strategy("lhs")
                .direction(Direction.MAXIMIZE).aggregate(Aggregate.MEDIAN).build();
        Trial t1 = s.ask().orElseThrow();
        s.tell(t1, 1, 5, 100);
        Trial t2 = s.ask().orElseThrow();
        s.tell(t2, 7, 7, 7);
        assertThat(s.history().get(0).objective()).isEqualTo(5.0);
        assertThat(s.best().orElseThrow().objective()).isEqualTo(7.0);
        assertThat(Aggregate.MEAN.apply(List.of(1.0, 2.0, 6.0))).isEqualTo(3.0);
        assertThat(Aggregate.MEDIAN.apply(List.of(1.0, 2.0, 6.0, 7.0))).isEqualTo(4.0);
    }

    @Test
    void nonFiniteMeasurementsCountAsFailures() {
        TuningSession s = TuningSession.builder(SearchSpace.of(IntParam.of("a", 0, 3))).strategy("random").build();
        Trial t = s.ask().orElseThrow();
        assertThat(s.tell(t, Double.NaN).ok()).isFalse();
    }

    @Test
    void batchesServeParallelRunsAndTheSessionRefusesToGuessResults() {
        TuningSession s = TuningSession.builder(SearchSpace.of(IntParam.of("a", 0, 20), IntParam.of("b", 0, 20)))
                .strategy("pro").seed(1).evaluateDefaultFirst(false).build();
        List<Trial> batch = s.askBatch(10);
        assertThat(batch).hasSizeGreaterThan(1);
        assertThat(batch.stream().map(t -> t.config().key()).distinct()).hasSameSizeAs(batch);
        assertThatThrownBy(s::ask).hasMessageContaining("waits for");
        for (Trial t : batch) {
            s.tell(t, ((Long) t.config().get("a")).doubleValue());
        }
        assertThat(s.ask()).isPresent();
    }

    @Test
    void bestJsonIsRewrittenAfterEveryTrialWithImprovementOverTheDefault(@TempDir Path dir) throws Exception {
        try (TuningSession s = TuningSession.builder(small()).strategy("gp").seed(1).outputDirectory(dir).build()) {
            for (int i = 0; i < 8; i++) {
                Trial t = s.ask().orElseThrow();
                s.tell(t, 10 + value(t));
                JsonNode best = Json.MAPPER.readTree(dir.resolve("best.json").toFile());
                assertThat(best.get("trials").asInt()).isEqualTo(i + 1);
            }
            JsonNode best = Json.MAPPER.readTree(dir.resolve("best.json").toFile());
            assertThat(best.at("/default/objective").asDouble()).isEqualTo(12.0);
            double b = best.at("/best/objective").asDouble();
            assertThat(best.get("improvementPercent").asDouble())
                    .isCloseTo((12.0 - b) / 12.0 * 100, org.assertj.core.data.Offset.offset(0.06));
            assertThat(best.at("/best/config/a").isNumber()).isTrue();
        }
        assertThat(Files.readAllLines(TuningDir.of(dir).journal())).hasSize(9);
    }

    @Test
    void resumeReplaysTheJournalAndContinuesExactlyAsAnUninterruptedRun(@TempDir Path dir) {
        SearchSpace space = new SearchSpace(List.of(IntParam.of("a", 0, 30), IntParam.of("b", 0, 30)), List.of());
        for (String strategy : List.of("nelder-mead", "pro", "gp", "lhs", "bandit")) {
            List<String> straight = run(TuningSession.builder(space).strategy(strategy).seed(9).build(), 24);
            Path d = dir.resolve(strategy);
            List<String> first = run(TuningSession.builder(space).strategy(strategy).seed(9).outputDirectory(d).build(), 11);
            TuningSession resumed = TuningSession.builder(space).strategy(strategy).seed(9).outputDirectory(d).resume();
            assertThat(resumed.completedTrials()).isEqualTo(11);
            List<String> rest = run(resumed, 13);
            List<String> joined = new ArrayList<>(first);
            joined.addAll(rest);
            assertThat(joined).as(strategy).isEqualTo(straight);
        }
    }

    @Test
    void resumeRefusesAJournalOfAnotherSession(@TempDir Path dir) {
        SearchSpace space = SearchSpace.of(IntParam.of("a", 0, 9));
        run(TuningSession.builder(space).strategy("random").seed(1).outputDirectory(dir).build(), 2);
        assertThatThrownBy(() -> TuningSession.builder(space).strategy("gp").seed(1).outputDirectory(dir).resume())
                .hasMessageContaining("does not match this session");
        assertThatThrownBy(() -> TuningSession.builder(space).strategy("random").seed(1).outputDirectory(dir).build())
                .hasMessageContaining("already holds a journal");
    }

    @Test
    void aTornLastLineIsDroppedOnResume(@TempDir Path dir) throws Exception {
        SearchSpace space = SearchSpace.of(IntParam.of("a", 0, 99));
        List<String> before = run(TuningSession.builder(space).strategy("random").seed(1).outputDirectory(dir).build(), 5);
        Files.writeString(TuningDir.of(dir).journal(), "{\"type\":\"trial\",\"trial\":6,\"conf",
                java.nio.file.StandardOpenOption.APPEND);
        TuningSession s = TuningSession.builder(space).strategy("random").seed(1).outputDirectory(dir).resume();
        assertThat(s.history().stream().map(r -> r.config().key()).toList()).isEqualTo(before);
        run(s, 1);
        List<String> lines = Files.readAllLines(TuningDir.of(dir).journal());
        assertThat(lines).hasSize(7);
        for (String line : lines) {
            Json.MAPPER.readTree(line);
        }
    }

    private static List<String> run(TuningSession s, int trials) {
        List<String> keys = new ArrayList<>();
        try (s) {
            for (int i = 0; i < trials; i++) {
                Trial t = s.ask().orElseThrow();
                long a = (Long) t.config().get("a");
                s.tell(t, Math.abs(a - 17) + 0.5 * a % 3);
                keys.add(t.config().key());
            }
        }
        return keys;
    }
}
