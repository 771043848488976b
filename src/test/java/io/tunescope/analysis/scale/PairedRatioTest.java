package io.tunescope.analysis.scale;

import io.tunescope.workload.micro.PlanMode;
import io.tunescope.workload.micro.PointRun;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PairedRatioTest {
    static PointRun run(PlanMode mode, int threads, double opsPerSec, String jfr) {
        return run(1, mode, threads, opsPerSec, jfr);
    }

    static PointRun run(long jvmPid, PlanMode mode, int threads, double opsPerSec, String jfr) {
        return new PointRun(jvmPid, mode, threads, 1000, true, List.of(opsPerSec), List.of(1.0), 300, 0.5, 1, null,
                0, null, List.of(), jfr, null);
    }

    @Test
    void pairsRoundsInOrderAndTakesTheMedian() {
        List<PointRun> runs = List.of(
                run(PlanMode.SHARED, 2, 100, null), run(PlanMode.SEPARATE, 2, 150, null),
                run(PlanMode.SHARED, 2, 50, null), run(PlanMode.SEPARATE, 2, 100, null),
                run(PlanMode.SHARED, 2, 200, null), run(PlanMode.SEPARATE, 2, 260, null),
                run(PlanMode.SHARED, 2, 10, "x.jfr"),
                run(PlanMode.SHARED, 4, 100, null));
        List<PairedRatio> ratios = PairedRatio.of(runs, List.of(2, 4));
        assertThat(ratios).hasSize(1);
        PairedRatio r = ratios.get(0);
        assertThat(r.threads()).isEqualTo(2);
        assertThat(r.pairs()).isEqualTo(3);
        assertThat(r.medianRatio()).isEqualTo(1.5);
        assertThat(r.minRatio()).isEqualTo(1.3);
        assertThat(r.maxRatio()).isEqualTo(2.0);
        assertThat(r.pairedBy()).isEqualTo("rounds");
    }

    @Test
    void runsFromFreshJvmsArePairedForks() {
        List<PointRun> runs = List.of(run(11, PlanMode.SHARED, 2, 100, null), run(12, PlanMode.SEPARATE, 2, 130, null),
                run(13, PlanMode.SHARED, 2, 100, null), run(14, PlanMode.SEPARATE, 2, 110, null));
        PairedRatio r = PairedRatio.of(runs, List.of(2)).get(0);
        assertThat(r.pairedBy()).isEqualTo("forks");
        assertThat(r.medianRatio()).isCloseTo(1.2, org.assertj.core.api.Assertions.within(1e-9));
    }
}
