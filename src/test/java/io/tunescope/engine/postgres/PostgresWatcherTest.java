package io.tunescope.engine.postgres;

import io.tunescope.Externals;
import io.tunescope.engine.Processes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A private PostgreSQL dies with the JVM that started it, even on {@code kill -9} (pg_ctl daemonizes the postmaster,
 * so before {@link PostmasterWatcher} it ran on forever), and a normal close leaves neither server nor watcher.
 */
@Timeout(90)
class PostgresWatcherTest {
    private static final long GONE_WITHIN_SECONDS = 10;

    /** The controller: starts a private PostgreSQL in {@code args[0]}, prints its data directory, then sleeps. */
    public static final class Controller {
        public static void main(String[] args) throws Exception {
            PostgresServer server = PostgresServer.start(PostgresBinaries.find().orElseThrow(), Path.of(args[0]),
                    null, List.of());
            System.out.println("datadir " + server.dataDir());
            System.out.flush();
            Thread.sleep(TimeUnit.MINUTES.toMillis(5));
            server.close();
        }
    }

    @Test
    void theServerAndItsWatcherAreGoneWithinTenSecondsOfAKill9OfTheController(@TempDir Path dir) throws Exception {
        Externals.postgres();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process controller = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                Controller.class.getName(), dir.resolve("pg").toString())
                .redirectError(dir.resolve("controller.err").toFile()).start();
        List<ProcessHandle> ours = new ArrayList<>();
        Path dataDir = null;
        try {
            String line = new BufferedReader(new InputStreamReader(controller.getInputStream(),
                    StandardCharsets.UTF_8)).readLine();
            assertThat(line).as("controller output (stderr in %s)", dir.resolve("controller.err"))
                    .startsWith("datadir ");
            dataDir = Path.of(line.substring("datadir ".length()));
            long postmaster = Long.parseLong(Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).trim());
            ProcessHandle pm = ProcessHandle.of(postmaster).orElseThrow();
            ours.add(pm);
            pm.descendants().forEach(ours::add);
            List<ProcessHandle> watcher = controller.descendants().toList();
            ours.addAll(watcher);
            assertThat(ours.size()).as("postmaster and its children").isGreaterThan(2);

            controller.destroyForcibly();   // SIGKILL: no shutdown hook runs
            assertThat(controller.waitFor(10, TimeUnit.SECONDS)).isTrue();
            long killedAt = System.nanoTime();
            long deadline = killedAt + TimeUnit.SECONDS.toNanos(GONE_WITHIN_SECONDS);
            while (ours.stream().anyMatch(p -> Processes.isRunning(p.pid())) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            System.out.printf("postmaster, its %d children and the watcher gone %.2f s after the controller's kill -9%n",
                    ours.size() - 1 - watcher.size(), (System.nanoTime() - killedAt) / 1e9);
            assertThat(ours).as("processes still running %d s after the kill", GONE_WITHIN_SECONDS)
                    .noneMatch(p -> Processes.isRunning(p.pid()));
            assertThat(watcher).as("the watcher, a child of the controller").isNotEmpty();
        } finally {
            ours.forEach(ProcessHandle::destroyForcibly);
            controller.destroyForcibly();
            if (dataDir != null && !dataDir.startsWith(dir)) {
                deleteRecursively(dataDir.getParent());   // a temporary home: nobody could reach the @TempDir
            }
        }
    }

    @Test
    void aNormalCloseLeavesNoWatcherAndNoServer(@TempDir Path dir) throws Exception {
        PostgresBinaries binaries = Externals.postgres();
        List<ProcessHandle> ours = new ArrayList<>();
        Path dataDir;
        try (PostgresServer server = PostgresServer.start(binaries, dir.resolve("pg"), null, List.of())) {
            dataDir = server.dataDir();
            ProcessHandle watcher = server.watcherProcess().orElseThrow();
            assertThat(watcher.isAlive()).isTrue();
            ours.add(watcher);
            watcher.descendants().forEach(ours::add);
            server.processIds().forEach(pid -> ProcessHandle.of(pid).ifPresent(ours::add));
            assertThat(server.watcherProcess()).isPresent();
        }
        assertThat(ours).noneMatch(p -> Processes.isRunning(p.pid()));
        assertThat(processesNaming(dataDir.toString())).as("processes whose command line names the data directory")
                .isEmpty();
        // the watcher was told to exit: it did not run pg_ctl stop on the stopped server (nothing of it in the log)
        Path log = dir.resolve("pg").resolve("postgres.log");
        assertThat(Files.readString(log)).doesNotContain("Is server running?");
    }

    private static List<Long> processesNaming(String text) throws IOException {
        List<Long> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String cmdline = new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8);
                    if (cmdline.contains(text) && Processes.isRunning(Long.parseLong(proc.getFileName().toString()))) {
                        found.add(Long.parseLong(proc.getFileName().toString()));
                    }
                } catch (IOException e) {
                    // the process ended while we looked
                }
            }
        }
        return found;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
