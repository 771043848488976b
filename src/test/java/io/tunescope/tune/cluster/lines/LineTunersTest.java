package io.tunescope.tune.cluster.lines;

import io.tunescope.SecretScan;
import io.tunescope.cli.Main;
import io.tunescope.engine.ChildJvmCommand;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.JournalLine;
import io.tunescope.store.study.StudyServers;
import io.tunescope.tune.command.LineTunerMain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One tuner process per work line on one PostgreSQL study store, read back from the store; none outlives the run. The
 * processes run {@link LineTunerMain} through the one child-JVM launcher.
 */
@Timeout(120)
class LineTunersTest {
    @TempDir
    static Path dir;
    private static PostgresServer server;

    @BeforeAll
    static void start() throws Exception {
        server = StudyServers.start(dir.resolve("pg"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static LineTuners.Store store() {
        return new LineTuners.Store(server.jdbcUrl(), server.user(), server.password());
    }

    private static Path tuningFile(String name, int budget, String command) throws Exception {
        Path f = dir.resolve(name + ".yaml");
        Files.writeString(f, """
                command: ["sh", "-c", "%s"]
                pass: {env: TUNE_}
                objective: {regex: "v=([0-9]+)", direction: maximize}
                timeoutSeconds: 600
                budget: %d
                strategy: random
                parameters: [{name: a, type: int, min: 1, max: 1000}]
                """.formatted(command, budget));
        return f;
    }

    @Test
    void runsOneTunerPerLineSideBySideAndReadsEachOnesTrialsBackFromTheStore() throws Exception {
        Path root = dir.resolve("two");
        List<LineTuners.Outcome> outcomes = LineTuners.run(LineTunerMain.class, store(), root, List.of(
                new LineTuners.Line("line1", tuningFile("line1", 3, "echo v=$TUNE_A")),
                new LineTuners.Line("line2", tuningFile("line2", 4, "echo v=$TUNE_A"))), Duration.ofSeconds(90));
        assertThat(outcomes).extracting(LineTuners.Outcome::exitCode).containsExactly(0, 0);
        assertThat(outcomes.get(0).trials()).extracting(JournalLine.Trial::trial).containsExactly(1, 2, 3);
        assertThat(outcomes.get(1).trials()).extracting(JournalLine.Trial::trial).containsExactly(1, 2, 3, 4);
        for (LineTuners.Outcome o : outcomes) {
            assertThat(o.outputDirectory().resolve("summary.json")).exists();
            assertThat(o.outputDirectory().resolve("study.json")).exists();
            assertThat(o.trials()).allMatch(t -> "ok".equals(t.status()));
        }
        assertThat(SecretScan.filesContaining(root, server.password())).isEmpty();
        LineTunerSpec spec = LineTunerSpec.read(io.tunescope.store.TuningDir.of(root).lineTunerSpec("line2"));
        assertThat(spec.studyName()).isEqualTo("line2");
        assertThat(spec.studyUrl()).isEqualTo(server.jdbcUrl());
        assertThat(spec.outputPath()).isEqualTo(outcomes.get(1).outputDirectory().toAbsolutePath());
    }

    @Test
    void aSecondTunerJoinsAStudyThatExistsTakesInItsTrialsAndSharesItsBudget() throws Exception {
        Path file = tuningFile("joined", 3, "echo v=$TUNE_A");
        assertThat(tune(file, "j1", "3")).isZero();
        assertThat(tune(file, "j2", "5")).isZero();
        try (var study = new io.tunescope.store.study.PostgresStudy(server.jdbcUrl(), server.user(), server.password(),
                "joined").reopen()) {
            List<JournalLine.Trial> trials = study.completedTrials();
            assertThat(trials).extracting(JournalLine.Trial::trial).containsExactly(1, 2, 3, 4, 5);
            assertThat(trials.stream().map(t -> t.config().toString()).distinct()).as("no configuration twice")
                    .hasSize(5);
        }
        var second = io.tunescope.store.Json.MAPPER.readTree(dir.resolve("j2").resolve("summary.json").toFile());
        assertThat(second.path("trials")).as("the second tuner knows all five").hasSize(5);
    }

    /** {@code tune FILE --out DIR/out --budget B} on the study "joined" as a child JVM; its exit code. */
    private static int tune(Path file, String out, String budget) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(io.tunescope.engine.Processes.javaExecutable(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "tune", file.toString(), "--out",
                dir.resolve(out).toString(), "--budget", budget, "--study", server.jdbcUrl(), "--study-user",
                server.user(), "--study-name", "joined").redirectErrorStream(true)
                .redirectOutput(dir.resolve(out + ".log").toFile());
        pb.environment().put(LineTunerSpec.PASSWORD_ENV, server.password());
        Process p = pb.start();
        assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        return p.exitValue();
    }

    @Test
    void anInterruptedControllerKillsItsTuners() throws Exception {
        Path file = tuningFile("slow", 2, "sleep 300; echo v=1");
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread controller = new Thread(() -> {
            try {
                LineTuners.run(LineTunerMain.class, store(), dir.resolve("slow"), List.of(new LineTuners.Line("slow", file)),
                        Duration.ofSeconds(100));
            } catch (Exception e) {
                thrown.set(e);
            }
        });
        controller.start();
        List<ProcessHandle> tuners = List.of();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (tuners.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            tuners = ProcessHandle.current().descendants().filter(p -> cmdline(p).contains("-Dtunescope.role=" + LineTuners.ROLE + "\0"))
                    .toList();
        }
        assertThat(tuners).as("the line's tuner process").hasSize(1);
        controller.interrupt();
        controller.join(20_000);
        assertThat(controller.isAlive()).isFalse();
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
        assertThat(tuners.get(0).isAlive()).as("the tuner after the controller was interrupted").isFalse();
    }

    @Test
    void aLineTunerExitsWhenItsControllersEndOfThePipeCloses() throws Exception {
        Path file = tuningFile("orphan", 2, "sleep 300; echo v=1");
        Path spec = dir.resolve("orphan.spec.json");
        new LineTunerSpec(file.toString(), dir.resolve("orphan").toAbsolutePath().toString(), server.jdbcUrl(),
                server.user(), "orphan").write(spec);
        ProcessBuilder pb = new ProcessBuilder(ChildJvmCommand.of(LineTuners.ROLE, List.of(), LineTunerMain.class,
                List.of(spec.toString()))).redirectErrorStream(true).redirectOutput(dir.resolve("orphan.log").toFile());
        pb.environment().put(LineTunerSpec.PASSWORD_ENV, server.password());
        Process tuner = pb.start();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!Files.exists(dir.resolve("orphan").resolve("best.json")) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(tuner.isAlive()).as("running its first trial").isTrue();
            tuner.getOutputStream().close();   // what a kill -9 of the controller does to the pipe
            assertThat(tuner.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).as("exited").isTrue();
        } finally {
            tuner.destroyForcibly();
        }
    }

    @Test
    void aSpecWithoutAStudyURLIsBadInputNamingTheField() throws Exception {
        Path spec = dir.resolve("bad.spec.json");
        Files.writeString(spec, """
                {"tuningFile": "/x.yaml", "outputDirectory": "/tmp/x", "studyUrl": "postgres", "studyName": "s"}
                """);
        Process p = new ProcessBuilder(ChildJvmCommand.of(LineTuners.ROLE, List.of(), LineTunerMain.class,
                List.of(spec.toString()))).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(3);
        assertThat(out).contains("studyUrl (postgres) must be a study store's URL");
    }

    private static String cmdline(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
        } catch (java.io.IOException e) {
            return "";   // gone meanwhile
        }
    }
}
