package io.tunescope.tune.database;

import io.tunescope.Externals;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.store.TuningDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code kill -9} of a tuner whose session runs a persistent PostgreSQL: the watcher stops the server, and
 * {@code --resume} starts a fresh one (replacing the killed one's data), loads it and finishes the budget; nothing of
 * ours is left afterwards. The session races (the default protocol, kept small here): the kill falls in its noise
 * phase, once a measurement is journaled, and the resumed session keeps that measurement.
 */
class LiveServerKillResumeTest {
    private static final String FILE = """
            target: {engine: postgres, server: persistent, workload: "single:Q6", scaleFactor: 0.01,
                     warmupIterations: 0, iterations: 1, objective: geomean, revalidate: 0}
            timeoutSeconds: 120
            budget: 2
            protocol: {noiseRepeats: 2, maxSlices: 2}
            strategy: random
            parameters:
              - name: work_mem
              - name: jit
            """;

    @Test
    void killNineStopsTheServerAndResumeStartsAFreshOne(@TempDir Path tmp) throws Exception {
        Externals.require(PostgresBinaries.find().isPresent(), "PostgreSQL binaries");
        // reachable by the server's unprivileged user, so its data directory is the session's own live-postgres/
        Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path file = tmp.resolve("t.yaml");
        Files.writeString(file, FILE);
        Path out = tmp.resolve("out");
        Process p = start(tmp.resolve("first.log"), file.toString(), "--out", out.toString());
        Path journal = TuningDir.of(out).journal();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (System.nanoTime() < deadline && lines(journal, "replicate").isEmpty()) {
            Thread.sleep(100);
        }
        List<String> measured = lines(journal, "replicate");
        assertThat(measured).as(Files.readString(tmp.resolve("first.log"))).isNotEmpty();
        long postmaster = postmasterPid(TuningDir.of(out).liveServer());
        p.destroyForcibly();   // the tuner only: its watcher is what must stop the server
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(gone(postmaster, 30)).as("the postmaster of the killed tuner is stopped").isTrue();

        Process r = start(tmp.resolve("resume.log"), "--resume", out.toString());
        assertThat(r.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(r.exitValue()).as(Files.readString(tmp.resolve("resume.log"))).isZero();
        assertThat(lines(journal, "trial")).hasSize(2);
        assertThat(lines(journal, "replicate").subList(0, measured.size())).as("measurements before the kill kept")
                .isEqualTo(measured);
        assertThat(Files.readString(tmp.resolve("resume.log"))).contains("persistent PostgreSQL");
        assertThat(TuningDir.of(out).liveServer().resolve("pgdata")).as("deleted at the end").doesNotExist();
        assertThat(ProcessHandle.allProcesses().filter(h -> h.info().arguments().map(a -> String.join(" ", a))
                .orElse("").contains(out.toString()))).as("no process of ours on the session's directory").isEmpty();
    }

    private static Process start(Path log, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.tunescope.cli.Main", "tune"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The journal's complete lines of {@code type} (a line cut by the kill ends without its closing brace). */
    private static List<String> lines(Path journal, String type) throws IOException {
        if (!Files.exists(journal)) {
            return List.of();
        }
        return Files.readAllLines(journal).stream().filter(l -> l.contains("\"type\":\"" + type + "\"")
                && l.endsWith("}")).toList();
    }

    private static long postmasterPid(Path liveServer) throws IOException {
        return Long.parseLong(Files.readAllLines(liveServer.resolve("pgdata/postmaster.pid")).get(0).trim());
    }

    private static boolean gone(long pid, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) == false;
    }
}
