package io.tunescope.tune.command;

import io.tunescope.tune.space.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CommandTrialTest {
    private static TuningFile file(Path dir, String command, String extra) {
        return TuningFileParser.parse(dir.resolve("t.yaml"), """
                command: %s
                pass: {args: "--{name}={value}", env: "TUNE_"}
                objective: {regex: "obj=([-0-9.]+)"}
                timeoutSeconds: 0.5
                %s
                parameters:
                  - {name: threads, type: int, min: 1, max: 8}
                """.formatted(command, extra));
    }

    @Test
    void passesArgumentsAndEnvironmentAndParsesTheLastMatch(@TempDir Path dir) throws Exception {
        TuningFile f = file(dir, "[\"sh\", \"-c\", \"[ $1 = --threads=3 ] || exit 9; echo obj=1; echo obj=$TUNE_THREADS\", \"x\"]", "");
        assertThat(CommandTrial.commandLine(f, new Configuration(Map.of("threads", 3L))))
                .containsExactly("sh", "-c", "[ $1 = --threads=3 ] || exit 9; echo obj=1; echo obj=$TUNE_THREADS", "x", "--threads=3");
        CommandTrial.Outcome o = CommandTrial.run(f, new Configuration(Map.of("threads", 3L)), dir.resolve("err"));
        assertThat(o.error()).isNull();
        assertThat(o.objective()).isEqualTo(3.0);
    }

    @Test
    void aTrialPastItsTimeoutIsKilledAndFails(@TempDir Path dir) throws Exception {
        TuningFile f = file(dir, "[\"sh\", \"-c\", \"sleep 30; echo obj=1\"]", "");
        long start = System.nanoTime();
        CommandTrial.Outcome o = CommandTrial.run(f, new Configuration(Map.of("threads", 1L)), dir.resolve("err"));
        assertThat(o.ok()).isFalse();
        assertThat(o.error()).startsWith("timeout after 500 ms");
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(20);
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList()).isEmpty();
    }

    @Test
    void aSessionWhereEveryTrialFailsExitsWithFailureAndKeepsTheJournal(@TempDir Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("f.yaml"), """
                command: ["false"]
                objective: {regex: "v=([0-9]+)"}
                budget: 3
                parameters: [{name: a, type: int, min: 1, max: 5}]
                """);
        Path out = dir.resolve("out");
        assertThat(io.tunescope.cli.Main.execute("tune", dir.resolve("f.yaml").toString(), "--out", out.toString()))
                .isEqualTo(io.tunescope.cli.ExitCode.FAILURE);
        List<String> journal = java.nio.file.Files.readAllLines(out.resolve("journal.jsonl"));
        // every measurement (a replicate line of the racing protocol) and every trial failed with the command's reason
        assertThat(journal.subList(1, journal.size())).allMatch(l -> l.contains("\"reason\":\"exit code 1\""));
        assertThat(journal.stream().filter(l -> l.contains("\"type\":\"trial\""))).hasSize(3)
                .allMatch(l -> l.contains("\"status\":\"failed\""));
        // no measurement was taken twice: the default's first failure ends its noise phase, and the configuration
        // measured beside it keeps that measurement
        assertThat(journal.stream().filter(l -> l.contains("\"type\":\"replicate\""))).hasSize(3);
        assertThat(io.tunescope.store.Json.MAPPER.readTree(out.resolve("best.json").toFile()).path("verdict")
                .asText()).isEqualTo("indistinguishable");
    }

    @Test
    void exitCodesAndMissingObjectivesAreFailures(@TempDir Path dir) throws Exception {
        Configuration c = new Configuration(Map.of("threads", 1L));
        assertThat(CommandTrial.run(file(dir, "[\"sh\", \"-c\", \"echo boom >&2; exit 3\"]", ""), c, dir.resolve("e1")).error())
                .isEqualTo("exit code 3: boom");
        assertThat(CommandTrial.run(file(dir, "[\"sh\", \"-c\", \"echo nothing\"]", ""), c, dir.resolve("e2")).error())
                .startsWith("objective not found");
    }

    @Test
    void aTimedObjectiveIsTheCommandsWallTimeInSecondsAndAFailedRunHasNone(@TempDir Path dir) throws Exception {
        // the command sleeps at least 0.3 s: the objective cannot be below it, whatever the machine's speed
        TuningFile timed = TuningFileParser.parse(dir.resolve("t.yaml"), """
                command: ["sh", "-c", "sleep 0.3; test $TUNE_A = true || exit 4"]
                pass: {env: "TUNE_"}
                objective: {source: time}
                parameters: [{name: a, type: bool}]
                """);
        CommandTrial.Outcome ok = CommandTrial.run(timed, new Configuration(Map.of("a", true)), dir.resolve("e3"));
        assertThat(ok.error()).isNull();
        assertThat(ok.objective()).isGreaterThanOrEqualTo(0.3).isEqualTo(ok.elapsedMillis() / 1000.0);
        CommandTrial.Outcome failed = CommandTrial.run(timed, new Configuration(Map.of("a", false)),
                dir.resolve("e4"));
        assertThat(failed.error()).isEqualTo("exit code 4");
        assertThat(failed.objective()).as("a failed run's time is no objective").isNull();
    }
}
