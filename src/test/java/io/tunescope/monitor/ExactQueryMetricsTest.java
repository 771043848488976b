package io.tunescope.monitor;

import io.tunescope.monitor.role.ThreadRole;
import io.tunescope.monitor.trace.ThreadTrace;
import io.tunescope.monitor.trace.ThreadTrace.End;
import io.tunescope.monitor.trace.ThreadTrace.OnCpuInterval;
import io.tunescope.monitor.trace.ThreadTrace.Wait;
import io.tunescope.monitor.trace.TraceSummary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The per-query metrics from a hand-made trace: windows clip, roles filter, overlapping executions share. */
class ExactQueryMetricsTest {
    private static final long MS = 1_000_000L;

    static ThreadInfo thread(int slot, int tid, ThreadRole role) {
        return new ThreadInfo(slot, "t1", 1, tid, "th" + tid, role, "g", 0, 0, true, false, List.of(), 0);
    }

    static TraceSummary trace() {
        ThreadTrace worker = new ThreadTrace(10, List.of(new OnCpuInterval(10 * MS, 30 * MS, 0, End.SLEEP),
                new OnCpuInterval(45 * MS, 60 * MS, 1, End.PREEMPT), new OnCpuInterval(62 * MS, 120 * MS, 1)),
                List.of(new Wait(40 * MS, 45 * MS), new Wait(60 * MS, 62 * MS)), 1, 1, 1, 7 * MS, 1, 0, false);
        ThreadTrace idleWorker = new ThreadTrace(11, List.of(new OnCpuInterval(150 * MS, 160 * MS, 0, End.SLEEP)),
                0, 1, 0, 0, 0, 0, false);
        ThreadTrace jvm = new ThreadTrace(12, List.of(new OnCpuInterval(0, 100 * MS, 1)), 0, 0, 0, 0, 0, 0, false);
        return new TraceSummary(Map.of(10, worker, 11, idleWorker, 12, jvm), 0, 200 * MS, 0, 0, 0);
    }

    static final List<ThreadInfo> THREADS = List.of(thread(0, 10, ThreadRole.WORKER), thread(1, 11, ThreadRole.WORKER),
            thread(2, 12, ThreadRole.JVM));

    @Test
    void oneExecutionIsChargedItsWindowOfTheWorkersTimeline() {
        QueryMetrics m = ExactQueryMetrics.attributeAll(trace(), THREADS,
                List.of(new Execution("t1", 1, "Q1", 0, 100 * MS))).get(0);
        assertThat(m.workerCpuMillis()).as("20 + 15 + 38 (clipped at 100); the JVM thread is no worker")
                .isCloseTo(73.0, within(1e-9));
        assertThat(m.runDelayMillis()).isCloseTo(7.0, within(1e-9));
        assertThat(m.activeWorkers()).isEqualTo(1);
        assertThat(m.processingMillis()).as("first switch-in at 10 to the window's end").isCloseTo(90.0, within(1e-9));
        assertThat(m.rsJumps()).isEqualTo(1);
        assertThat(m.cpuJumps()).as("CPU 0 to 1 at 45").isEqualTo(1);
        assertThat(m.rsRatio()).as("runnable 73 + 7 of 2 × 100 thread-ms").isCloseTo(80.0 / 120.0, within(1e-9));
        assertThat(m.totalCpuMillis()).as("machine-wide: not in a filtered trace").isNull();
        assertThat(m.runningSamples()).isNull();
    }

    @Test
    void aWindowClipsAndOverlappingExecutionsShare() {
        QueryMetrics late = ExactQueryMetrics.attributeAll(trace(), THREADS,
                List.of(new Execution("t1", 1, "Q1", 50 * MS, 55 * MS))).get(0);
        assertThat(late.workerCpuMillis()).isCloseTo(5.0, within(1e-9));
        assertThat(late.rsJumps()).isZero();
        assertThat(late.cpuJumps()).as("the switch-in at 45 is before the window").isZero();
        List<QueryMetrics> two = ExactQueryMetrics.attributeAll(trace(), THREADS, List.of(
                new Execution("t1", 1, "Q1", 0, 100 * MS), new Execution("t1", 2, "Q2", 0, 100 * MS)));
        assertThat(two).allSatisfy(m -> {
            assertThat(m.workerCpuMillis()).isCloseTo(36.5, within(1e-9));
            assertThat(m.concurrentExecutions()).isEqualTo(2);
        });
        QueryMetrics other = ExactQueryMetrics.attributeAll(trace(), THREADS,
                List.of(new Execution("t2", 1, "Q1", 0, 100 * MS))).get(0);
        assertThat(other.workerCpuMillis()).as("no thread of tenant t2").isZero();
        assertThat(other.activeWorkers()).isZero();
    }

    @Test
    void anExecutionWithAKnownConnectionIsChargedOnlyItsThreadsWhole() {
        List<ThreadInfo> threads = List.of(
                new ThreadInfo(0, "t1", 100, 10, "postgres", ThreadRole.WORKER, "pg-backend", 0, 0, true, false,
                        List.of(), 100),
                new ThreadInfo(1, "t1", 11, 11, "postgres", ThreadRole.WORKER, "pg-parallel-worker", 0, 0, true,
                        false, List.of(), 200),
                thread(2, 12, ThreadRole.JVM));
        List<QueryMetrics> two = ExactQueryMetrics.attributeAll(trace(), threads, List.of(
                new Execution("t1", 1, "Q1", 0, 100 * MS, 100), new Execution("t1", 2, "Q2", 0, 200 * MS, 200)));
        assertThat(two.get(0).workerCpuMillis()).as("its backend's 73 ms whole, not half").isCloseTo(73.0,
                within(1e-9));
        assertThat(two.get(0).activeWorkers()).isEqualTo(1);
        assertThat(two.get(0).concurrentExecutions()).as("still counted").isEqualTo(2);
        assertThat(two.get(1).workerCpuMillis()).as("only the worker of its leader 200: 10 ms at 150")
                .isCloseTo(10.0, within(1e-9));
        assertThat(two.get(1).activeWorkers()).isEqualTo(1);
    }
}
