package io.tunescope.monitor;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class ExecutionOverlapTest {
    @Test
    void touchingWindowsDoNotOverlapAndTenantsNeverShare() {
        List<ExecutionOverlap> o = ExecutionOverlap.of(List.of(
                new Execution("t1", 1, "Q1", 0, 100),
                new Execution("t1", 2, "Q2", 100, 200),
                new Execution("t2", 1, "Q1", 0, 200)));
        assertThat(o).allSatisfy(x -> {
            assertThat(x.meanInFlight()).isEqualTo(1.0);
            assertThat(x.overlapping()).isEqualTo(1);
        });
    }

    @Test
    void zeroLengthWindowsOverlapTheWindowsAroundThemButAddNoTimeInFlight() {
        List<ExecutionOverlap> o = ExecutionOverlap.of(List.of(
                new Execution("t1", 1, "Q1", 0, 100),
                new Execution("t1", 2, "Q2", 50, 50),
                new Execution("t1", 3, "Q3", 50, 50),
                new Execution("t1", 4, "Q4", 100, 100)));
        assertThat(o.get(0).overlapping()).isEqualTo(3);
        assertThat(o.get(0).meanInFlight()).isEqualTo(1.0);
        assertThat(o.get(1).overlapping()).isEqualTo(1);
        assertThat(o.get(1).meanInFlight()).isEqualTo(1.0);
        assertThat(o.get(3).overlapping()).isEqualTo(1);
    }

    /** The sweep gives what comparing every pair gives, on random windows with many ties and empty ones. */
    @Test
    void sameAsComparingEveryPair() {
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            List<Execution> all = PairwiseOverlap.randomExecutions(random, 1 + random.nextInt(60), 3, 20);
            List<ExecutionOverlap> swept = ExecutionOverlap.of(all);
            for (int i = 0; i < all.size(); i++) {
                assertThat(swept.get(i).meanInFlight()).as("execution %d", i)
                        .isCloseTo(PairwiseOverlap.meanInFlight(all.get(i), all), within(1e-12));
                assertThat(swept.get(i).overlapping()).as("execution %d", i)
                        .isEqualTo(PairwiseOverlap.overlapping(all.get(i), all));
            }
        }
    }

    /** About the executions of an hour-long run with many users (figures in docs/benchmarks.md). */
    @Test
    void hundredThousandExecutionsTakeWellUnderASecond() {
        List<Execution> all = PairwiseOverlap.randomExecutions(new Random(11), 100_000, 4, 3_600_000);
        List<ExecutionOverlap> swept = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> ExecutionOverlap.of(all));
        assertThat(swept).hasSize(100_000).allSatisfy(x -> assertThat(x.overlapping()).isPositive());
    }
}
