package io.tunescope.monitor;

import io.tunescope.monitor.role.ThreadRole;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Resampling the exact timeline as a state sampler would, and the relative errors against exact. */
class SamplingErrorStudyTest {
    private static final long MS = 1_000_000L;
    private static final List<ThreadInfo> THREADS = ExactQueryMetricsTest.THREADS;

    @Test
    void resamplingReadsRWhenOnACpuOrInARunQueue() {
        // worker 10: on CPU 0 [10, 30), waits [40, 45), on CPU 1 [45, 60), waits [60, 62), on CPU 1 [62, 120)
        TraceResampler.Estimate e = TraceResampler.sample(ExactQueryMetricsTest.trace(),
                ExactQueryMetrics.workersOf("t1", THREADS), 0, 100 * MS, 0, 10 * MS);
        assertThat(e.samples()).as("ticks 0, 10, ..., 100 of two workers").isEqualTo(22);
        assertThat(e.workerCpuMillis()).as("R at 10, 20, 40 (waiting), 50, 60 (waiting), 70, 80, 90, 100")
                .isCloseTo(90.0, within(1e-9));
        assertThat(e.rsRatio()).isCloseTo(9.0 / 13.0, within(1e-9));
        assertThat(e.rsJumps()).as("R at 20, asleep at 30").isEqualTo(1);
        assertThat(e.cpuJumps()).as("last ran on CPU 0 at 40, on CPU 1 at 50").isEqualTo(1);
        assertThat(e.activeWorkers()).isEqualTo(1);
        assertThat(e.processingMillis()).as("10 to 100 plus one interval, at most the response")
                .isCloseTo(100.0, within(1e-9));
        TraceResampler.Estimate coarse = TraceResampler.sample(ExactQueryMetricsTest.trace(),
                ExactQueryMetrics.workersOf("t1", THREADS), 0, 100 * MS, 5 * MS, 50 * MS);
        assertThat(coarse.samples()).as("ticks 5 and 55 of two workers").isEqualTo(4);
        assertThat(coarse.rsJumps()).as("asleep at 5, R at 55: no jump seen").isZero();
    }

    @Test
    void gatedResamplingMissesTheWaitAfterAWakeUpButNotAfterAPreemption() {
        // the gated sampler reads a thread's state only when it ran since the last tick or was R at it: the wait
        // [40, 45) after a wake-up (asleep at 30) is not seen at 40; the wait [60, 62) after a preemption is
        TraceResampler.Estimate g = TraceResampler.sample(ExactQueryMetricsTest.trace(),
                ExactQueryMetrics.workersOf("t1", THREADS), 0, 100 * MS, 0, 10 * MS, true);
        assertThat(g.samples()).isEqualTo(22);
        assertThat(g.workerCpuMillis()).as("R at 10, 20, 50, 60 (waiting), 70, 80, 90, 100")
                .isCloseTo(80.0, within(1e-9));
        assertThat(g.rsRatio()).isCloseTo(8.0 / 14.0, within(1e-9));
        assertThat(g.rsJumps()).isEqualTo(1);
        assertThat(g.cpuJumps()).as("core 0 carried at 40, CPU 1 at 50").isEqualTo(1);
        TraceResampler.Estimate full = TraceResampler.sample(ExactQueryMetricsTest.trace(),
                ExactQueryMetrics.workersOf("t1", THREADS), 0, 100 * MS, 0, 10 * MS, false);
        assertThat(full.workerCpuMillis()).isCloseTo(90.0, within(1e-9));
        List<SamplingErrorStudy.Row> rows = SamplingErrorStudy.resampled(ExactQueryMetricsTest.trace(), THREADS,
                List.of(new Execution("t1", 1, "Q1", 0, 100 * MS)), 0, List.of(10 * MS));
        assertThat(rows).filteredOn(r -> r.source().equals("resampled-gated") && r.metric().equals("rsRatio"))
                .singleElement().satisfies(r -> assertThat(r.sampled()).isCloseTo(8.0 / 14.0, within(1e-9)));
    }

    @Test
    void relativeErrorsPerMetricAndIntervalAgainstExact() {
        List<Execution> executions = List.of(new Execution("t1", 1, "Q1", 0, 100 * MS),
                new Execution("t1", 1, "Q2", 51 * MS, 59 * MS));
        List<SamplingErrorStudy.Row> rows = SamplingErrorStudy.resampled(ExactQueryMetricsTest.trace(), THREADS,
                executions, 0, List.of(10 * MS));
        SamplingErrorStudy.Row cpu = rows.stream().filter(r -> r.query().equals("Q1")
                && r.metric().equals("workerCpuMillis")).findFirst().orElseThrow();
        assertThat(cpu.exact()).isCloseTo(73.0, within(1e-9));
        assertThat(cpu.errorPercent()).isCloseTo(100.0 * 17 / 73, within(1e-9));
        assertThat(cpu.lengthInIntervals()).isCloseTo(10.0, within(1e-9));
        SamplingErrorStudy.Row shortCpu = rows.stream().filter(r -> r.query().equals("Q2")
                && r.metric().equals("workerCpuMillis")).findFirst().orElseThrow();
        assertThat(shortCpu.sampled()).as("no tick inside [51, 59]: nothing seen").isZero();
        assertThat(shortCpu.errorPercent()).isCloseTo(100.0, within(1e-9));
        List<SamplingErrorStudy.Cell> table = SamplingErrorStudy.table(rows);
        SamplingErrorStudy.Cell all = table.stream().filter(c -> c.metric().equals("workerCpuMillis")
                && c.minLength() == -1).findFirst().orElseThrow();
        assertThat(all.n()).isEqualTo(2);
        assertThat(all.medianPercent()).isCloseTo((100.0 * 17 / 73 + 100) / 2, within(1e-9));
        assertThat(table).anySatisfy(c -> {
            assertThat(c.metric()).isEqualTo("workerCpuMillis");
            assertThat(c.minLength()).as("Q2 lasted 0.8 intervals").isZero();
            assertThat(c.medianPercent()).isCloseTo(100.0, within(1e-9));
        });
        assertThat(new SamplingErrorStudy.Row("t", 1, "q", 1, "live", 8, "rsJumps", 0, 2).errorPercent()).isNaN();
        assertThat(SamplingErrorStudy.quantile(new double[] {1, 2, 3, 4, 11}, 0.9)).isCloseTo(8.2, within(1e-9));
        assertThat(SamplingErrorStudy.bucket(3.9)).isZero();
        assertThat(SamplingErrorStudy.bucket(300)).isEqualTo(256);
    }

    @Test
    void theLiveSamplerIsComparedWithTheSameExactFigures() {
        List<Execution> one = List.of(new Execution("t1", 1, "Q1", 0, 100 * MS));
        QueryMetrics live = new QueryMetrics(100, 95.0, 1, 0.5, 9L, 1L, 74.0, null, 0L, 1L, null, 11L, 22L, 7.0, 1);
        List<SamplingErrorStudy.Row> rows = SamplingErrorStudy.live(ExactQueryMetricsTest.trace(), THREADS, one,
                List.of(live), 10);
        assertThat(rows).extracting(SamplingErrorStudy.Row::metric).containsExactly("processingMillis",
                "activeWorkers", "rsRatio", "rsJumps", "cpuJumps", "workerCpuMillis", SamplingErrorStudy.COUNTER_CPU);
        assertThat(rows).allSatisfy(r -> assertThat(r.source()).isEqualTo("live"));
        assertThat(rows.get(3).sampled()).as("the sampled jumps, not the exact counter").isEqualTo(1.0);
        assertThat(rows.get(5).sampled()).as("11 R samples every 10 ms").isEqualTo(110.0);
        assertThat(rows.get(6).sampled()).isEqualTo(74.0);
        assertThat(rows.get(6).exact()).isCloseTo(73.0, within(1e-9));
    }
}
