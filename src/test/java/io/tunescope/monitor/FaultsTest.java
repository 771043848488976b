package io.tunescope.monitor;

import io.tunescope.BadInputException;
import io.tunescope.monitor.role.DuckDbClassifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Item 8: what cannot be measured is said, the rest goes on, and missing metrics are null, never zero. */
class FaultsTest {
    private static final int PID = 200;
    @TempDir
    Path dir;

    private static MonitoredProcess tenant(int pid) {
        return new MonitoredProcess("t1", pid, false, new DuckDbClassifier());
    }

    private FakeProc busyWorker(FakeProc p, int tid, long cpuNanos, long switches) {
        return p.thread(PID, tid, "duck-t1", 'R', 0, cpuNanos, switches, 0, switches);
    }

    @Test
    void pidThatDoesNotExistIsReportedAndTheOthersGoOn() {
        FakeProc p = new FakeProc(dir).system(1, 1);
        busyWorker(p, PID, 0, 0);
        p.start(List.of(tenant(PID), tenant(999)));
        p.tick();
        try (Recording r = p.stop()) {
            assertThat(r.problems()).anyMatch(s -> s.contains("pid 999 does not exist"));
            assertThat(r.threads()).hasSize(1);
        }
    }

    @Test
    void onlyNonexistentPidsAreBadInput() {
        MonitorOptions options = MonitorOptions.defaults(Duration.ofMillis(8)).withProcRoot(dir);
        assertThatThrownBy(() -> ThreadMonitor.start(List.of(tenant(12345)), options))
                .isInstanceOf(BadInputException.class)
                .hasMessage("pid (12345) must name at least one running, readable process");
    }

    @Test
    void threadThatVanishesBetweenListingAndReadingIsSkipped() throws Exception {
        FakeProc p = new FakeProc(dir).system(1, 1);
        busyWorker(p, PID, 0, 0);
        Files.createDirectories(dir.resolve(PID + "/task/201"));
        Files.writeString(dir.resolve(PID + "/task/201/stat"), "");
        p.start(List.of(tenant(PID)));
        p.tick();
        try (Recording r = p.stop()) {
            assertThat(r.threads()).extracting(ThreadInfo::tid).containsExactly(PID);
        }
    }

    @Test
    void threadThatExitsMidRunKeepsWhatWasMeasured() {
        FakeProc p = new FakeProc(dir).system(1, 1);
        p.thread(PID, PID, "java", 'S', 0, 0, 0, 0, 0);
        busyWorker(p, 202, 0, 0);
        p.start(List.of(tenant(PID)));
        long start = p.now();
        busyWorker(p, 202, 8_000_000, 1);
        p.tick();
        p.vanish(PID, 202);
        p.tick();
        p.tick();
        try (Recording r = p.stop()) {
            ThreadInfo gone = r.threads().get(1);
            assertThat(gone.exited()).isTrue();
            QueryMetrics m = QueryMetricsCalculator.metricsFor(r, "t1", start, p.now());
            assertThat(m.workerCpuMillis()).isEqualTo(8.0);
            assertThat(m.activeWorkers()).isEqualTo(1);
        }
    }

    @Test
    void threadSeenBeforeItNamesItselfIsReclassified() {
        FakeProc p = new FakeProc(dir).system(1, 1);
        p.thread(PID, PID, "java", 'S', 0, 0, 0, 0, 0);
        p.start(List.of(tenant(PID)));
        p.thread(PID, 203, "java", 'R', 0, 1_000_000, 0, 0, 0);
        p.tick();
        p.rename(PID, 203, "user-t1-1");
        p.tick();
        try (Recording r = p.stop()) {
            ThreadInfo t = r.threads().get(1);
            assertThat(t.name()).isEqualTo("user-t1-1");
            assertThat(t.role()).isEqualTo(io.tunescope.monitor.role.ThreadRole.CLIENT);
            assertThat(t.group()).isEqualTo("user-t1");
        }
    }

    @Test
    void threadThatNamesItselfManyRescansLaterIsStillReclassified() {
        // on a loaded machine a new JVM thread may wait long for a CPU before it sets its own name
        FakeProc p = new FakeProc(dir).system(1, 1);
        p.thread(PID, PID, "java", 'S', 0, 0, 0, 0, 0);
        p.start(List.of(tenant(PID)));
        p.thread(PID, 204, "java", 'R', 0, 1_000_000, 0, 0, 0);
        for (int i = 0; i < 10; i++) {
            p.tick();
        }
        p.rename(PID, 204, "user-t1-2");
        p.tick();
        try (Recording r = p.stop()) {
            assertThat(r.threads().get(1).name()).isEqualTo("user-t1-2");
            assertThat(r.threads().get(1).group()).isEqualTo("user-t1");
        }
    }

    @Test
    void forkedProcessThatSetsItsTitleLaterIsReclassified() {
        FakeProc p = new FakeProc(dir).system(1, 1).cmdline(PID, "/usr/lib/postgresql/15/bin/postgres -D /x");
        p.thread(PID, PID, "postgres", 'S', 0, 0, 0, 0, 0);
        p.start(List.of(new MonitoredProcess("pg", PID, true, new io.tunescope.monitor.role.PostgresClassifier())));
        p.cmdline(301, "/usr/lib/postgresql/15/bin/postgres -D /x");
        p.thread(301, 301, "postgres", 'R', 0, 1_000_000, 0, 0, 0);
        writeChildren(PID, "301");
        p.tick();
        p.cmdline(301, "postgres: parallel worker for PID 300");
        p.tick();
        try (Recording r = p.stop()) {
            assertThat(r.threads()).extracting(ThreadInfo::group).containsExactly("pg-postmaster",
                    "pg-parallel-worker");
            assertThat(r.threads().get(1).role()).isEqualTo(io.tunescope.monitor.role.ThreadRole.WORKER);
        }
    }

    @Test
    void shortLivedUntitledChildIsReclassifiedBeforeItExits() {
        FakeProc p = new FakeProc(dir).system(1, 1).cmdline(PID, "/usr/lib/postgresql/15/bin/postgres -D /x");
        p.thread(PID, PID, "postgres", 'S', 0, 0, 0, 0, 0);
        p.start(List.of(new MonitoredProcess("pg", PID, true, new io.tunescope.monitor.role.PostgresClassifier())));
        p.cmdline(302, "/usr/lib/postgresql/15/bin/postgres -D /x");
        p.thread(302, 302, "postgres", 'R', 0, 1_000_000, 0, 0, 0);
        writeChildren(PID, "302");
        p.tick(); // found by the rescan, still untitled
        p.cmdline(302, "postgres: parallel worker for PID 300");
        p.tickWithoutRescan(); // the title is set, then the worker exits before any rescan
        writeChildren(PID, "");
        p.exit(302);
        p.tickWithoutRescan();
        try (Recording r = p.stop()) {
            assertThat(r.threads().get(1).group()).isEqualTo("pg-parallel-worker");
            assertThat(r.threads().get(1).exited()).isTrue();
        }
    }

    private void writeChildren(int pid, String children) {
        try {
            Files.writeString(dir.resolve(pid + "/task/" + pid + "/children"), children + " ");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void processThatExitsMidRunIsReported() {
        FakeProc p = new FakeProc(dir).system(1, 1);
        busyWorker(p, PID, 0, 0);
        p.start(List.of(tenant(PID)));
        p.tick();
        p.exit(PID);
        p.tick();
        try (Recording r = p.stop()) {
            assertThat(r.problems()).anyMatch(s -> s.startsWith("pid 200 exited"));
            assertThat(r.threads().get(0).exited()).isTrue();
        }
    }

    @Test
    void kernelWithoutSchedstatGivesNullWorkerCpuButTheRestStays() {
        FakeProc p = new FakeProc(dir).system(1, 1);
        p.thread(PID, PID, "duck-t1", 'R', 0, -1, 3, 0, 2);
        p.start(List.of(tenant(PID)));
        long start = p.now();
        p.thread(PID, PID, "duck-t1", 'S', 1, -1, 4, 0, 3);
        p.system(11, 2);
        p.tick();
        try (Recording r = p.stop()) {
            QueryMetrics m = QueryMetricsCalculator.metricsFor(r, "t1", start, p.now());
            assertThat(m.workerCpuMillis()).isNull();
            assertThat(m.rsJumps()).isEqualTo(1);
            assertThat(m.cpuJumps()).isEqualTo(1);
            assertThat(m.contextSwitches()).isEqualTo(10);
            assertThat(r.problems()).anyMatch(s -> s.startsWith("schedstat unreadable"));
            assertThat(MonitorReport.of(r).threads().get(0).cpuMillis()).isNull();
        }
    }

    @Test
    void kernelWithoutSchedGivesNullMigrationsButExactSwitchesFromStatus() {
        FakeProc p = new FakeProc(dir).system(1, 1);
        p.thread(PID, PID, "duck-t1", 'R', 0, 0, 3, 0, -1);
        p.start(List.of(tenant(PID)));
        long start = p.now();
        p.thread(PID, PID, "duck-t1", 'S', 1, 5_000_000, 5, 0, -1);
        p.tick();
        try (Recording r = p.stop()) {
            QueryMetrics m = QueryMetricsCalculator.metricsFor(r, "t1", start, p.now());
            assertThat(m.cpuJumps()).isNull();
            assertThat(m.coreChangesSampled()).isEqualTo(1);
            assertThat(m.rsJumps()).isEqualTo(2);
            assertThat(m.workerCpuMillis()).isEqualTo(5.0);
        }
    }

    @Test
    void unreadableFilesAndMissingProcStatAreNullNotZero() throws Exception {
        FakeProc p = new FakeProc(dir);
        p.thread(PID, PID, "duck-t1", 'R', 0, -1, -1, 0, -1);
        // a directory where a file should be: opening it for reading fails like an unreadable file
        Files.createDirectories(dir.resolve(PID + "/task/" + PID + "/schedstat"));
        p.start(List.of(tenant(PID)));
        long start = p.now();
        p.tick();
        try (Recording r = p.stop()) {
            QueryMetrics m = QueryMetricsCalculator.metricsFor(r, "t1", start, p.now());
            assertThat(m.workerCpuMillis()).isNull();
            assertThat(m.rsJumps()).isNull();
            assertThat(m.cpuJumps()).isNull();
            assertThat(m.totalCpuMillis()).isNull();
            assertThat(m.contextSwitches()).isNull();
            assertThat(m.runningSamples()).isEqualTo(2);
            assertThat(r.problems()).anyMatch(s -> s.contains("/proc/stat unreadable"))
                    .anyMatch(s -> s.startsWith("schedstat unreadable"))
                    .anyMatch(s -> s.startsWith("status unreadable"));
        }
    }
}
