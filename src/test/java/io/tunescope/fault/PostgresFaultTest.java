package io.tunescope.fault;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.SecretScan;
import io.tunescope.cli.ExitCode;
import io.tunescope.engine.Engines;
import io.tunescope.experiment.RunOutcome;
import io.tunescope.experiment.TpchRunConfig;
import io.tunescope.experiment.TpchRunner;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.store.Json;
import io.tunescope.workload.WorkloadDefinition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault injection on a private PostgreSQL tenant: one that cannot start (a bad setting) and one whose postmaster is
 * killed 2 s into the measurement. Each checks the exit code, the one-line reason, {@code "complete": false}, what
 * was measured, and that no process of ours is left (this JVM's descendants listed before and after).
 */
@Timeout(180)
class PostgresFaultTest {
    private Path base;

    @Test
    void aTenantWhoseServerCannotStartFailsTheRunWithAReasonAndLeavesNothing() throws Exception {
        Externals.postgres();
        Path out = reachableDir().resolve("bad-setting");
        Set<Long> before = ourProcesses();
        RunOutcome outcome = new TpchRunner(config(out).serverSettings(List.of("shared_buffers = 'lots'")).build(),
                RunObserver.NONE).run();
        assertThat(ourProcesses()).as("our processes after the run").isSubsetOf(before);
        // the postmaster is not our descendant (pg_ctl detaches it): no process may still name our directory
        assertThat(SecretScan.commandLinesContaining(out.toString())).as("processes naming " + out).isEmpty();
        System.out.println("bad setting: exit " + outcome.exitCode() + ": " + outcome.problem());
        assertThat(outcome.exitCode()).isEqualTo(ExitCode.FAILURE);
        // the reason is the server's own: the setting, its value and what is wrong, on one line
        assertThat(outcome.problem()).startsWith("tenant t1: PostgreSQL did not start (pg_ctl exit 1): invalid value "
                + "for parameter \"shared_buffers\": \"lots\"").doesNotContain("\n")
                .endsWith("; see " + out.resolve("tenants/t1/postgres.log"));
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("complete").asBoolean()).isFalse();
        assertThat(summary.get("failure").asText()).isEqualTo(outcome.problem());
    }

    @Test
    void aPostmasterKilledMidRunFailsTheRunAndKeepsWhatWasMeasured() throws Exception {
        Externals.postgres();
        Path out = reachableDir().resolve("killed");
        List<Long> postmasters = new CopyOnWriteArrayList<>();
        RunObserver killer = new RunObserver() {
            @Override
            public void measurementStarting(List<RunObserver.TenantProcesses> tenants, Path outDir) {
                postmasters.add(tenants.get(0).pids().get(0));
                Thread t = new Thread(() -> {
                    try {
                        Thread.sleep(2_000);
                    } catch (InterruptedException e) {
                        return;
                    }
                    ProcessHandle.of(postmasters.get(0)).ifPresent(ProcessHandle::destroyForcibly);
                });
                t.setDaemon(true);
                t.start();
            }
        };
        Set<Long> before = ourProcesses();
        RunOutcome outcome = new TpchRunner(config(out).iterations(null).duration(Duration.ofSeconds(60)).build(), killer).run();
        assertThat(ourProcesses()).as("our processes after the run").isSubsetOf(before);
        // the postmaster is not our descendant (pg_ctl detaches it): no process may still name our directory
        assertThat(SecretScan.commandLinesContaining(out.toString())).as("processes naming " + out).isEmpty();
        System.out.println("postmaster killed: exit " + outcome.exitCode() + ": " + outcome.problem());
        assertThat(outcome.exitCode()).isEqualTo(ExitCode.FAILURE);
        assertThat(outcome.problem()).startsWith("tenant t1: ").doesNotContain("\n");
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("complete").asBoolean()).isFalse();
        assertThat(summary.get("tenants").get(0).get("executions").asLong()).isPositive();
        assertThat(ProcessHandle.of(postmasters.get(0)).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    private static io.tunescope.experiment.TpchRunConfigBuilder config(Path out) {
        return TpchRunConfig.builder().engine(Engines.byId("postgres")).users(1)
                .workload(WorkloadDefinition.parse("single:Q6", false)).iterations(50).loadThreads(2).outDir(out);
    }

    /** A directory the unprivileged user can reach, so that the cluster lives under it also as root. */
    private Path reachableDir() throws java.io.IOException {
        base = java.nio.file.Files.createTempDirectory("tunescope-fault", java.nio.file.attribute.PosixFilePermissions
                .asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x")));
        return base;
    }

    @org.junit.jupiter.api.AfterEach
    void removeBase() throws java.io.IOException {
        if (base == null) {
            return;
        }
        try (var paths = java.nio.file.Files.walk(base)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.deleteIfExists(p);
            }
        }
    }

    private static Set<Long> ourProcesses() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }
}
