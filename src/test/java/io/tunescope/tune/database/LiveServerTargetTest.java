package io.tunescope.tune.database;

import io.tunescope.Externals;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.tune.command.TuningFile;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The live trial protocol on one persistent private PostgreSQL (target.server: persistent): a reload knob takes
 * effect without a restart, a restart-only knob restarts the server, a configuration that keeps it from restarting
 * is a failed trial with the server's reason and the server is brought back to the last good configuration, the next
 * trial runs, and nothing of ours is left after close.
 */
class LiveServerTargetTest {
    @Test
    void reloadRestartCrashRestoreAndNothingLeft(@TempDir Path dir) throws Exception {
        Externals.require(PostgresBinaries.find().isPresent(), "PostgreSQL binaries");
        long ramMb = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getTotalMemorySize() >> 20;
        assumeTrue(ramMb < 60_000, "this machine has enough memory for 64 GB of shared buffers");
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), """
                target: {engine: postgres, server: persistent, workload: "single:Q6", scaleFactor: 0.01,
                         warmupIterations: 0, iterations: 1, objective: geomean, revalidate: 0}
                timeoutSeconds: 120
                parameters:
                  - name: shared_buffers
                  - name: work_mem
                """);
        assertThat(f.target().server()).isEqualTo(ServerMode.PERSISTENT);
        List<Long> ours = new ArrayList<>();
        PostgresServer server;
        try (DatabaseTarget target = new DatabaseTarget(f.target(), () -> io.tunescope.experiment.monitor.RunObserver
                .NONE, dir.resolve("live-postgres"))) {
            TuningTarget.Measurement first = target.measure(f.space().defaultConfiguration().orElseThrow(), true,
                    dir.resolve("logs/trial-1.log"));
            assertThat(first.reason()).isNull();
            server = target.liveServer().orElseThrow();
            long pid = server.pid();
            ours.addAll(server.processIds());

            // work_mem is a session knob: ALTER SYSTEM + reload, the same postmaster, SHOW gives the value
            TuningTarget.Measurement reload = target.measure(config(f, 128, 8192), false,
                    dir.resolve("logs/trial-2.log"));
            assertThat(reload.reason()).isNull();
            assertThat(reload.values()).hasSize(1).allMatch(v -> v > 0);
            assertThat(server.pid()).isEqualTo(pid);
            assertThat(show(server, "work_mem")).isEqualTo("8MB");

            // shared_buffers is restart-only: a new postmaster, SHOW gives the value
            TuningTarget.Measurement restart = target.measure(config(f, 256, 8192), false,
                    dir.resolve("logs/trial-3.log"));
            assertThat(restart.reason()).isNull();
            assertThat(server.pid()).isNotEqualTo(pid);
            assertThat(show(server, "shared_buffers")).isEqualTo("256MB");
            ours.addAll(server.processIds());

            // 64 GB of shared buffers: the server cannot restart; a failed trial with its reason, then restored
            TuningTarget.Measurement crash = target.measure(config(f, 65536, 4096), false,
                    dir.resolve("logs/trial-4.log"));
            assertThat(crash.ok()).isFalse();
            assertThat(crash.reason()).startsWith("cannot apply: ").containsIgnoringCase("restart");
            assertThat(server.isRunning()).isTrue();
            assertThat(show(server, "shared_buffers")).isEqualTo("256MB");
            assertThat(show(server, "work_mem")).isEqualTo("8MB");
            ours.addAll(server.processIds());

            TuningTarget.Measurement next = target.measure(config(f, 128, 65536), false,
                    dir.resolve("logs/trial-5.log"));
            assertThat(next.reason()).isNull();
            assertThat(show(server, "work_mem")).isEqualTo("64MB");
            assertThat(Files.readString(dir.resolve("logs/trial-5-runs/summary.json"))).contains("\"engine\" : \"jdbc\"")
                    .doesNotContain(server.password());
            ours.addAll(server.processIds());
        }
        assertThat(server.isRunning()).isFalse();
        assertThat(ours).isNotEmpty();
        long deadline = System.nanoTime() + 5_000_000_000L;   // exited children are reaped by init a moment later
        while (ours.stream().anyMatch(LiveServerTargetTest::alive) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(ours).noneMatch(LiveServerTargetTest::alive);
        assertThat(dir.resolve("live-postgres/pgdata")).doesNotExist();
    }

    @Test
    void aTrialPastItsTimeLimitFailsWithItsReasonAndTheServerIsRestoredWithoutItsQueries(@TempDir Path dir)
            throws Exception {
        Externals.require(PostgresBinaries.find().isPresent(), "PostgreSQL binaries");
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), """
                target: {engine: postgres, server: persistent, workload: sequence, scaleFactor: 0.01,
                         warmupIterations: 0, iterations: 50, objective: geomean, revalidate: 0}
                timeoutSeconds: 0.5
                parameters:
                  - name: work_mem
                """);
        try (DatabaseTarget target = new DatabaseTarget(f.target(), () -> io.tunescope.experiment.monitor.RunObserver
                .NONE, dir.resolve("live-postgres"))) {
            TuningTarget.Measurement late = target.measure(f.space().configuration(Map.of("work_mem", 8192)), false,
                    dir.resolve("logs/trial-1.log"));
            assertThat(late.ok()).isFalse();
            assertThat(late.reason()).isEqualTo("past its time limit of 0 s");
            PostgresServer server = target.liveServer().orElseThrow();
            assertThat(server.isRunning()).isTrue();
            assertThat(show(server, "work_mem")).as("back to the last good configuration: the server's own")
                    .isEqualTo("4MB");
            try (Connection c = server.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'")) {
                rs.next();
                assertThat(rs.getInt(1)).as("only this connection: the trial's queries were ended").isEqualTo(1);
            }
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static Configuration config(TuningFile f, int sharedBuffersMb, int workMemKb) {
        return f.space().configuration(Map.of("shared_buffers", sharedBuffersMb, "work_mem", workMemKb));
    }

    private static String show(PostgresServer server, String knob) throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW " + knob)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
