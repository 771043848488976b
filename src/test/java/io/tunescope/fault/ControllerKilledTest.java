package io.tunescope.fault;

import io.tunescope.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault injection: {@code kill -9} of the controller while its DuckDB tenant agents load their data. Each agent
 * watches its control channel from the start, so every one exits within 10 s (before, an agent noticed only after
 * its load, minutes later at a large scale factor).
 */
@Timeout(120)
class ControllerKilledTest {
    private static final long EXIT_WITHIN_SECONDS = 10;

    @Test
    void everyTenantAgentExitsWithinTenSecondsOfAKill9OfTheController(@TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process controller = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "run", "--tenants", "2", "--users", "1", "--workload", "single:Q6",
                "--sf", "0.1", "--duration", "60s", "--load-threads", "1", "--out", dir.resolve("run").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("controller.log").toFile()).start();
        List<ProcessHandle> agents = List.of();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (agents.size() < 2 && System.nanoTime() < deadline && controller.isAlive()) {
                Thread.sleep(100);
                agents = controller.descendants().toList();
            }
            assertThat(agents).as("tenant agents started by the controller").hasSizeGreaterThanOrEqualTo(2);
            Thread.sleep(1_000);   // the agents are loading (scale factor 0.1 takes far longer than this)
            assertThat(agents).allMatch(ProcessHandle::isAlive);
            controller.destroyForcibly();   // SIGKILL: no shutdown hook runs
            assertThat(controller.waitFor(10, TimeUnit.SECONDS)).isTrue();
            long killedAt = System.nanoTime();
            for (ProcessHandle agent : agents) {
                agent.onExit().get(EXIT_WITHIN_SECONDS, TimeUnit.SECONDS);
            }
            System.out.printf("agents gone %.1f s after the controller's kill -9%n",
                    (System.nanoTime() - killedAt) / 1e9);
            assertThat(agents).noneMatch(ProcessHandle::isAlive);
        } finally {
            agents.forEach(ProcessHandle::destroyForcibly);
            controller.destroyForcibly();
        }
    }
}
