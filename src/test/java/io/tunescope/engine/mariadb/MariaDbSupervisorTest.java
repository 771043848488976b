package io.tunescope.engine.mariadb;

import io.tunescope.Externals;
import io.tunescope.engine.Processes;
import io.tunescope.engine.ServerHomes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A private MariaDB dies with the JVM that started it, even on {@code kill -9}. */
@Timeout(90)
class MariaDbSupervisorTest {
    private static final long GONE_WITHIN_SECONDS = 10;

    /** The controller: starts a private MariaDB in {@code args[0]}, prints its pid, then sleeps. */
    public static final class Controller {
        public static void main(String[] args) throws Exception {
            MariaDbServer server = MariaDbServer.start(MariaDbBinaries.find().orElseThrow(), Path.of(args[0]), null,
                    List.of());
            System.out.println("pid " + server.pid());
            System.out.flush();
            Thread.sleep(TimeUnit.MINUTES.toMillis(5));
            server.close();
        }
    }

    @Test
    void aServerWhoseSupervisorWasKilledIsStoppedByClose() throws Exception {
        Externals.mariadb();
        Path home = MariaDbServerTest.reachableHome();
        ProcessHandle server = null;
        try (MariaDbServer mariadb = MariaDbServer.start(MariaDbBinaries.find().orElseThrow(), home.resolve("srv"),
                null, List.of())) {
            server = ProcessHandle.of(mariadb.pid()).orElseThrow();
            List<ProcessHandle> shells = ProcessHandle.current().children()
                    .filter(p -> p.descendants().anyMatch(d -> d.pid() == mariadb.pid())).toList();
            assertThat(shells).as("the server's supervisor").hasSize(1);
            shells.get(0).destroyForcibly();   // SIGKILL: the server is re-parented to init and runs on
            assertThat(shells.get(0).onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
            assertThat(Processes.isRunning(server.pid())).as("the server outlives its supervisor").isTrue();
        } finally {
            if (server != null) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GONE_WITHIN_SECONDS);
                while (Processes.isRunning(server.pid()) && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                boolean running = Processes.isRunning(server.pid());
                server.destroyForcibly();
                assertThat(running).as("mariadbd running after close").isFalse();
            }
            ServerHomes.deleteRecursively(home);
        }
    }

    @Test
    void theServerAndItsSupervisorAreGoneWithinTenSecondsOfAKill9OfTheController() throws Exception {
        Externals.mariadb();
        Path home = MariaDbServerTest.reachableHome();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process controller = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                Controller.class.getName(), home.resolve("srv").toString())
                .redirectError(home.resolve("controller.err").toFile()).start();
        List<ProcessHandle> ours = new ArrayList<>();
        try {
            String line = new BufferedReader(new InputStreamReader(controller.getInputStream(),
                    StandardCharsets.UTF_8)).readLine();
            assertThat(line).as("controller output (stderr in %s)", home.resolve("controller.err")).startsWith("pid ");
            ProcessHandle server = ProcessHandle.of(Long.parseLong(line.substring(4))).orElseThrow();
            assertThat(server.info().command().orElse("")).endsWith("mariadbd");
            ours.add(server);
            ours.addAll(controller.descendants().toList());
            assertThat(ours).hasSizeGreaterThanOrEqualTo(2);

            controller.destroyForcibly();   // SIGKILL: no shutdown hook runs
            assertThat(controller.waitFor(10, TimeUnit.SECONDS)).isTrue();
            long killedAt = System.nanoTime();
            long deadline = killedAt + TimeUnit.SECONDS.toNanos(GONE_WITHIN_SECONDS);
            while (ours.stream().anyMatch(p -> Processes.isRunning(p.pid())) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            System.out.printf("mariadbd and its supervisor gone %.2f s after the controller's kill -9%n",
                    (System.nanoTime() - killedAt) / 1e9);
            assertThat(ours).as("processes still running %d s after the kill", GONE_WITHIN_SECONDS)
                    .noneMatch(p -> Processes.isRunning(p.pid()));
        } finally {
            ours.forEach(ProcessHandle::destroyForcibly);
            controller.destroyForcibly();
            ServerHomes.deleteRecursively(home);
        }
    }
}
