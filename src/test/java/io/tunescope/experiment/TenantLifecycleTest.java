package io.tunescope.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.cli.Main;
import io.tunescope.engine.Processes;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Pinning and stopping: what an experiment relies on to vary CPUs and to leave nothing running. */
class TenantLifecycleTest {
    @Test
    void aPinnedTenantRunsOnlyOnItsCpus(@TempDir Path dir) throws Exception {
        List<String> affinity = new ArrayList<>();
        RunObserver probe = new RunObserver() {
            @Override
            public void measurementStarting(List<TenantProcesses> tenants, Path outDir) throws Exception {
                for (TenantProcesses tenant : tenants) {
                    affinity.add(Files.readAllLines(Path.of("/proc/" + tenant.pids().get(0) + "/status")).stream()
                            .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
                            .split(":")[1].trim());
                }
            }
        };
        TpchRunConfig config = TpchRunConfig.builder().tenants(2)
                .workload(io.tunescope.workload.WorkloadDefinition.parse("single:Q1", false))
                .cpus(io.tunescope.engine.CpuList.perTenant("0/0", 2, Runtime.getRuntime().availableProcessors()))
                .loadThreads(1).outDir(dir.resolve("pinned")).build();
        RunOutcome outcome = new TpchRunner(config, probe).run();
        assertThat(outcome.exitCode()).isZero();
        assertThat(affinity).containsExactly("0", "0");
        assertThat(outcome.summary().tenants()).allMatch(t -> "0".equals(t.cpus()));
    }

    @Test
    void terminatingTheControllerStopsTenantsAndKeepsWhatWasMeasured(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("stopped");
        Process controller = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "run", "--workload", "single:Q6",
                "--users", "2", "--duration", "60s", "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("controller.log").toFile()).start();
        Path csv = out.resolve("tenants/t1/executions.csv");
        List<ProcessHandle> tenants;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline && (!Files.exists(csv) || Files.readAllLines(csv).size() < 3)) {
                Thread.sleep(200);
            }
            assertThat(Files.readAllLines(csv).size()).as("executions recorded before the stop").isGreaterThan(2);
            tenants = controller.descendants().toList();
            controller.destroy(); // SIGTERM runs the same shutdown path as Ctrl-C
            assertThat(controller.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            // whatever failed above, this test leaves nothing running
            controller.descendants().forEach(ProcessHandle::destroyForcibly);
            controller.destroyForcibly();
        }
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("complete").asBoolean()).isFalse();
        assertThat(summary.get("failure").asText()).contains("interrupted");
        assertThat(summary.get("tenants").get(0).get("executions").asLong()).isPositive();
        assertThat(tenants).isNotEmpty().noneMatch(p -> Processes.isRunning(p.pid()));
    }
}
