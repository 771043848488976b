package io.tunescope.fault;

import io.tunescope.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault injection: {@code kill -9} of {@code tunescope tune} while a trial's command runs and has started a
 * grandchild. The trial runs in its own process group whose watcher kills the group when the tuner's pipe closes,
 * so every process of the trial is gone within 5 s (before, the trial and its grandchild ran on, re-parented).
 */
@Timeout(60)
class TunerKilledTest {
    private static final long GONE_WITHIN_SECONDS = 5;

    @Test
    void theTrialsWholeProcessTreeDiesWithinFiveSecondsOfAKill9OfTheTuner(@TempDir Path dir) throws Exception {
        String marker = markerSeconds();
        Files.writeString(dir.resolve("t.yaml"), """
                command: ["sh", "-c", "sh -c \\"sleep $0\\" & wait", "%s"]
                objective: {regex: "v=([0-9]+)"}
                timeoutSeconds: 600
                budget: 1
                strategy: random
                parameters: [{name: a, type: int, min: 1, max: 5}]
                """.formatted(marker));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process tuner = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "tune", dir.resolve("t.yaml").toString(), "--out", dir.resolve("out").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("tuner.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (marked(marker).noneMatch(c -> c.startsWith("sleep ")) && System.nanoTime() < deadline
                    && tuner.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(marked(marker).toList()).as("the trial's grandchild `sleep %s`", marker)
                    .anyMatch(c -> c.startsWith("sleep "));
            tuner.destroyForcibly();   // SIGKILL: no Java code runs in the tuner
            assertThat(tuner.waitFor(10, TimeUnit.SECONDS)).isTrue();
            long killedAt = System.nanoTime();
            long until = killedAt + TimeUnit.SECONDS.toNanos(GONE_WITHIN_SECONDS);
            while (marked(marker).findAny().isPresent() && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            System.out.printf("trial tree gone %.2f s after the tuner's kill -9%n",
                    (System.nanoTime() - killedAt) / 1e9);
            assertThat(marked(marker).toList()).as("processes with %s in their argv", marker).isEmpty();
        } finally {
            tuner.destroyForcibly();
            killMarked(marker);
        }
    }

    /** A sleep length unique to this test run: 200 s plus random decimals, which appear in the argv. */
    static String markerSeconds() {
        return "2" + ThreadLocalRandom.current().nextLong(10, 99) + "."
                + ThreadLocalRandom.current().nextLong(100_000_000L, 999_999_999L);
    }

    /** The command lines (argv joined by spaces) of every process whose argv contains {@code marker}. */
    static Stream<String> marked(String marker) throws IOException {
        return pidsMarked(marker).map(TunerKilledTest::cmdline);
    }

    static void killMarked(String marker) throws IOException {
        pidsMarked(marker).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    private static Stream<Long> pidsMarked(String marker) throws IOException {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            List<Long> pids = procs.map(p -> p.getFileName().toString()).filter(n -> n.matches("[0-9]+"))
                    .map(Long::parseLong).filter(pid -> cmdline(pid).contains(marker)).toList();
            return pids.stream();
        }
    }

    private static String cmdline(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').trim();
        } catch (IOException e) {
            return "";   // the process exited meanwhile
        }
    }
}
