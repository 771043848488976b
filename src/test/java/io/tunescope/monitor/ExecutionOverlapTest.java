package io.tunescope.monitor;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
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
            List<Execution> all = randomExecutions(random, 1 + random.nextInt(60), 3, 20);
            List<ExecutionOverlap> swept = ExecutionOverlap.of(all);
            for (int i = 0; i < all.size(); i++) {
                assertThat(swept.get(i).meanInFlight()).as("execution %d", i)
                        .isCloseTo(pairwiseMeanInFlight(all.get(i), all), within(1e-12));
                assertThat(swept.get(i).overlapping()).as("execution %d", i)
                        .isEqualTo(pairwiseOverlapping(all.get(i), all));
            }
        }
    }

    /** An hour-long run of many users gives about this many executions; comparing every pair took minutes. */
    @Test
    void hundredThousandExecutionsTakeWellUnderASecond() {
        List<Execution> all = randomExecutions(new Random(11), 100_000, 4, 3_600_000);
        List<ExecutionOverlap> swept = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> ExecutionOverlap.of(all));
        assertThat(swept).hasSize(100_000).allSatisfy(x -> assertThat(x.overlapping()).isPositive());
    }

    private static List<Execution> randomExecutions(Random random, int n, int tenants, int horizon) {
        List<Execution> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long start = random.nextInt(horizon);
            long length = random.nextInt(5) == 0 ? 0 : random.nextInt(Math.max(1, horizon / 4));
            out.add(new Execution("t" + random.nextInt(tenants), i, "Q" + (i % 22 + 1), start, start + length));
        }
        return out;
    }

    private static double pairwiseMeanInFlight(Execution e, List<Execution> all) {
        long span = e.endNanos() - e.startNanos();
        if (span <= 0) {
            return 1.0;
        }
        double overlapNanos = 0;
        for (Execution o : all) {
            if (o.tenant().equals(e.tenant())) {
                overlapNanos += Math.max(0, Math.min(o.endNanos(), e.endNanos())
                        - Math.max(o.startNanos(), e.startNanos()));
            }
        }
        return Math.max(1.0, overlapNanos / span);
    }

    private static int pairwiseOverlapping(Execution e, List<Execution> all) {
        int n = 0;
        for (Execution o : all) {
            if (o.tenant().equals(e.tenant()) && o.startNanos() < e.endNanos() && o.endNanos() > e.startNanos()) {
                n++;
            }
        }
        return Math.max(1, n);
    }
}
