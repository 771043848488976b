package io.tunescope.monitor;

import io.tunescope.monitor.role.DuckDbClassifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A scripted DuckDB tenant: two workers and a client thread with known activity per tick; the nine metrics of a
 * window must come out exactly as scripted.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AttributionTest {
    private static final int PID = 100;
    @TempDir
    static Path dir;
    @TempDir
    static Path sparseDir;
    private long[] tickNanos;
    private Recording recording;
    private Recording sparse;

    @BeforeAll
    void script() {
        recording = script(new FakeProc(dir));
        sparse = script(new FakeProc(sparseDir, 4));
    }

    private Recording script(FakeProc proc) {
        long cpu101 = 0;
        long cpu102 = 0;
        long cpu103 = 0;
        long vol101 = 5;
        long vol102 = 7;
        int core102 = 0;
        long mig102 = 2;
        proc.cmdline(PID, "java -cp x Tenant").system(1000, 500);
        write(proc, 'S', 'S', 0, cpu101, cpu102, cpu103, vol101, vol102, core102, mig102);
        proc.start(List.of(new MonitoredProcess("t1", PID, false, new DuckDbClassifier())));
        tickNanos = new long[31];
        for (int t = 0; t <= 30; t++) {
            boolean run101 = t >= 10 && t <= 19;
            boolean run102 = t >= 12 && t <= 15;
            cpu101 += run101 ? 8_000_000 : 0;
            cpu102 += run102 ? 8_000_000 : 0;
            cpu103 += 8_000_000;
            vol101 += t == 20 ? 1 : 0;
            vol102 += t == 16 ? 1 : 0;
            if (t == 13) {
                core102 = 1;
                mig102++;
            }
            write(proc, run101 ? 'R' : 'S', run102 ? 'R' : 'S', 0, cpu101, cpu102, cpu103, vol101, vol102, core102,
                    mig102);
            proc.system(1000 + 10L * (t + 1), 500 + t + 1);
            tickNanos[t] = proc.tick();
        }
        return proc.stop();
    }

    @AfterAll
    void close() {
        recording.close();
        sparse.close();
    }

    private static void write(FakeProc p, char s101, char s102, int core101, long cpu101, long cpu102, long cpu103,
                              long vol101, long vol102, int core102, long mig102) {
        p.thread(PID, PID, "java", 'S', 0, 0, 1, 0, 0)
                .thread(PID, 101, "duck-t1", s101, core101, cpu101, vol101, 0, 4)
                .thread(PID, 102, "duck-t1", s102, core102, cpu102, vol102, 0, mig102)
                .thread(PID, 103, "user-t1-1", 'S', 1, 5_000_000, 2, 3, 0)
                .thread(PID, 104, "GC Thread#0", 'R', 1, cpu103, 0, 3, 0);
    }

    @Test
    void singleUserWindowGivesTheScriptedMetrics() {
        QueryMetrics m = QueryMetricsCalculator.metricsFor(recording, "t1", tickNanos[9], tickNanos[20]);
        assertThat(m.responseMillis()).isCloseTo(88.0, within(1e-9));
        assertThat(m.activeWorkers()).isEqualTo(2);
        assertThat(m.workerCpuMillis()).isCloseTo(112.0, within(1e-9));
        assertThat(m.runDelayMillis()).isCloseTo(28.0, within(1e-6));
        assertThat(m.rsJumps()).isEqualTo(2);
        assertThat(m.rsJumpsSampled()).isEqualTo(2);
        assertThat(m.cpuJumps()).isEqualTo(1);
        assertThat(m.coreChangesSampled()).isEqualTo(1);
        assertThat(m.runningSamples()).isEqualTo(14);
        // the idle client thread counts as a query thread (sleeping); the busy GC thread does not count
        assertThat(m.sleepingSamples()).isEqualTo(10 + 12);
        assertThat(m.rsRatio()).isCloseTo(14.0 / 22, within(1e-9));
        assertThat(m.processingMillis()).isCloseTo(80.0, within(1e-9));
        assertThat(m.contextSwitches()).isEqualTo(110);
        assertThat(m.totalCpuMillis()).isCloseTo(110.0, within(1e-9));
        assertThat(m.concurrentExecutions()).isEqualTo(1);
    }

    @Test
    void countersReadEveryFourthTickAreInterpolatedAtTheEdges() {
        QueryMetrics m = QueryMetricsCalculator.metricsFor(sparse, "t1", tickNanos[9], tickNanos[20]);
        assertThat(m.workerCpuMillis()).isCloseTo(112.0, within(1e-6));
        assertThat(m.runDelayMillis()).isCloseTo(28.0, within(1e-6));
        assertThat(m.rsJumps()).isEqualTo(2);
        assertThat(m.cpuJumps()).isEqualTo(1);
        assertThat(m.activeWorkers()).isEqualTo(2);
        // /proc/stat grows evenly in the script, so time interpolation between sparse readings is exact
        assertThat(m.contextSwitches()).isEqualTo(110);
        assertThat(m.totalCpuMillis()).isCloseTo(110.0, within(1e-6));
        QueryMetrics inner = QueryMetricsCalculator.metricsFor(sparse, "t1", tickNanos[11], tickNanos[14]);
        // worker 101 runs all of ticks 12..14, worker 102 ticks 12..14: 3 + 3 ticks of 8 ms
        assertThat(inner.workerCpuMillis()).isCloseTo(48.0, within(1e-6));
    }

    @Test
    void idleWindowHasZeroWorkNotNull() {
        QueryMetrics m = QueryMetricsCalculator.metricsFor(recording, "t1", tickNanos[22], tickNanos[28]);
        assertThat(m.activeWorkers()).isZero();
        assertThat(m.workerCpuMillis()).isZero();
        assertThat(m.rsJumps()).isZero();
        assertThat(m.processingMillis()).isZero();
        assertThat(m.rsRatio()).isZero();
    }

    @Test
    void otherTenantSeesNothing() {
        QueryMetrics m = QueryMetricsCalculator.metricsFor(recording, "t2", tickNanos[9], tickNanos[20]);
        assertThat(m.activeWorkers()).isNull();
        assertThat(m.workerCpuMillis()).isZero();
        assertThat(m.contextSwitches()).isEqualTo(110);
    }

    @Test
    void overlappingExecutionsShareEqually() {
        List<QueryMetrics> both = QueryMetricsCalculator.attributeAll(recording, List.of(
                new Execution("t1", 1, "Q1", tickNanos[9], tickNanos[20]),
                new Execution("t1", 2, "Q6", tickNanos[9], tickNanos[20]),
                new Execution("t2", 1, "Q1", tickNanos[9], tickNanos[20])));
        assertThat(both.get(0).workerCpuMillis()).isCloseTo(56.0, within(1e-9));
        assertThat(both.get(1).workerCpuMillis()).isCloseTo(56.0, within(1e-9));
        assertThat(both.get(0).concurrentExecutions()).isEqualTo(2);
        assertThat(both.get(0).rsJumps()).isEqualTo(1);
        assertThat(both.get(0).contextSwitches()).isEqualTo(110);
    }

    @Test
    void halfOverlapChargesByMeanInFlight() {
        Execution a = new Execution("t1", 1, "Q1", 0, 100);
        Execution b = new Execution("t1", 2, "Q2", 50, 150);
        assertThat(ExecutionOverlap.of(List.of(a, b)).get(0).meanInFlight()).isCloseTo(1.5, within(1e-9));
        assertThat(ExecutionOverlap.of(List.of(a)).get(0).meanInFlight()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void reportCoversEveryThreadWithItsRole() {
        MonitorReport r = MonitorReport.of(recording);
        assertThat(r.threads()).extracting(MonitorReport.ThreadEntry::tid).containsExactly(PID, 101, 102, 103, 104);
        assertThat(r.threads()).extracting(MonitorReport.ThreadEntry::role)
                .containsExactly("other", "worker", "worker", "client", "jvm");
        MonitorReport.ThreadEntry w = r.threads().get(1);
        assertThat(w.cpuMillis()).isCloseTo(80.0, within(1e-9));
        assertThat(w.voluntarySwitches()).isEqualTo(1);
        assertThat(w.runningSamples()).isEqualTo(10);
        assertThat(r.samples()).isEqualTo(5 * 32);
        assertThat(r.problems()).isEmpty();
        assertThat(GroupTable.render(r)).contains("duck-t1").contains("user-t1");
    }
}
