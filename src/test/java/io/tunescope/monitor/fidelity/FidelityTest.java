package io.tunescope.monitor.fidelity;

import io.tunescope.Externals;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.MonitorReport;
import io.tunescope.monitor.SamplerMode;
import io.tunescope.monitor.MonitoredProcess;
import io.tunescope.monitor.QueryMetrics;
import io.tunescope.monitor.QueryMetricsCalculator;
import io.tunescope.monitor.Recording;
import io.tunescope.monitor.ThreadMonitor;
import io.tunescope.monitor.role.Classification;
import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.role.RoleClassifier;
import io.tunescope.monitor.role.ThreadRole;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Item 7: a child JVM whose threads spin and sleep in a known pattern must be reported within the stated
 * tolerances: CPU time within 5 %, running→sleeping transitions (exact, from voluntary switches) within 5 %,
 * active worker count exact, forced core changes counted.
 */
@Timeout(120)
class FidelityTest {
    private static final int THREADS = 2;
    private static final int CYCLES = 25;
    private static final int SPIN_MILLIS = 16;
    private static final int SLEEP_MILLIS = 24;

    static final RoleClassifier FIDELITY_ROLES = t -> t.name().startsWith("fid-worker")
            ? new Classification(ThreadRole.WORKER, "fid-worker") : new NameBasedClassifier().classify(t);

    private static void assumeLinuxProc() {
        Externals.linuxProc();
        Externals.require(Files.isReadable(Path.of("/proc/self/schedstat")), "a kernel with schedstat");
    }

    /** Both samplers: the gated one must give the same counters and, here, states no worse than the tolerances. */
    @ParameterizedTest
    @EnumSource(SamplerMode.class)
    void knownSpinSleepPatternIsReportedWithinTolerances(SamplerMode sampler) throws Exception {
        assumeLinuxProc();
        try (SpinSleepChild child = SpinSleepChild.start(THREADS, CYCLES, SPIN_MILLIS, SLEEP_MILLIS)) {
            ThreadMonitor monitor = ThreadMonitor.start(List.of(new MonitoredProcess("fid", (int) child.pid(), false,
                    FIDELITY_ROLES)), MonitorOptions.defaults(Duration.ofMillis(8)).withSampler(sampler));
            child.send("GO");
            String[] done = child.line("DONE");
            Thread.sleep(30); // let a counter tick land after the end
            try (Recording recording = monitor.stop()) {
                long start = Long.parseLong(done[0]);
                long end = Long.parseLong(done[1]);
                double truthCpuMillis = 0;
                for (int i = 0; i < THREADS; i++) {
                    truthCpuMillis += Long.parseLong(done[2 + i]) / 1e6;
                }
                QueryMetrics m = QueryMetricsCalculator.metricsFor(recording, "fid", start, end);
                long sleeps = (long) THREADS * CYCLES;
                // each worker also blocks once right after its last sleep (waiting for QUIT), at about the end edge
                long transitions = (long) THREADS * (CYCLES + 1);
                System.out.printf(sampler.label() + " fidelity: truth cpu %.1f ms, measured %.1f ms; sleeps %d, rs jumps exact %d, "
                                + "sampled %d; active %d; missed ticks %d%n", truthCpuMillis, m.workerCpuMillis(),
                        sleeps, m.rsJumps(), m.rsJumpsSampled(), m.activeWorkers(), recording.missedTicks());
                assertThat(truthCpuMillis).isGreaterThanOrEqualTo(THREADS * CYCLES * SPIN_MILLIS);
                assertThat(m.activeWorkers()).isEqualTo(THREADS);
                assertThat(m.workerCpuMillis()).isCloseTo(truthCpuMillis, within(truthCpuMillis * 0.05));
                assertThat((double) m.rsJumps()).isCloseTo(transitions, within(transitions * 0.05));
                assertThat(m.rsJumpsSampled()).isPositive().isLessThanOrEqualTo(m.rsJumps());
                assertThat(m.processingMillis()).isPositive().isLessThanOrEqualTo(m.responseMillis());
                MonitorReport report = MonitorReport.of(recording);
                assertThat(report.threads().stream().filter(t -> t.role().equals("worker"))).hasSize(THREADS);
            }
        }
    }

    @Test
    void forcedCoreChangesAreCountedAsMigrations() throws Exception {
        assumeLinuxProc();
        Externals.require(Runtime.getRuntime().availableProcessors() >= 2, "2 cores to force core changes");
        Path taskset = Externals.tool("taskset", "util-linux");
        int changes = 8;
        try (SpinSleepChild child = SpinSleepChild.start(1, 0, 5, 0)) {
            int tid = child.tids[0];
            pin(taskset, tid, 0);
            ThreadMonitor monitor = ThreadMonitor.start(List.of(new MonitoredProcess("fid", (int) child.pid(), false,
                    FIDELITY_ROLES)), MonitorOptions.defaults(Duration.ofMillis(8)));
            child.send("GO");
            Thread.sleep(40);
            long start = System.nanoTime();
            for (int i = 1; i <= changes; i++) {
                pin(taskset, tid, i % 2);
                Thread.sleep(60);
            }
            long end = System.nanoTime();
            try (Recording recording = monitor.stop()) {
                QueryMetrics m = QueryMetricsCalculator.metricsFor(recording, "fid", start, end);
                System.out.printf("affinity: %d forced changes, migrations %d, sampled core changes %d%n", changes,
                        m.cpuJumps(), m.coreChangesSampled());
                assertThat(m.cpuJumps()).isBetween((long) changes, (long) changes + 2);
                assertThat(m.coreChangesSampled()).isBetween((long) changes - 2, (long) changes);
            }
        }
    }

    private static void pin(Path taskset, int tid, int core) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(taskset.toString(), "-p", "-c", Integer.toString(core), Integer.toString(tid))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
    }
}
