package io.tunescope.tune.command;

import io.tunescope.tune.space.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The trial's own process group: exit status and output as without it, and the whole group dies on a timeout. */
@Timeout(60)
class TrialGroupTest {
    private static final Configuration C = new Configuration(Map.of("threads", 3L));

    private static TuningFile file(Path dir, String command, String objective) {
        return TuningFileParser.parse(dir.resolve("t.yaml"), """
                command: %s
                pass: {args: "--{name}={value}"}
                objective: %s
                timeoutSeconds: 1
                parameters:
                  - {name: threads, type: int, min: 1, max: 8}
                """.formatted(command, objective));
    }

    @Test
    void theWrapperRunsTheCommandWithItsArgvAndReturnsItsExitStatus() {
        assertThat(TrialGroup.wrap(List.of("prog", "a b", "$(x)"))).endsWith("tunescope-trial", "prog", "a b", "$(x)");
        assertThat(TrialGroup.WRAPPER).doesNotContain("prog");
    }

    @Test
    void outputExitStatusAndSignalsAreTheCommandsOwn(@TempDir Path dir) throws Exception {
        String regex = "{regex: \"obj=([-0-9.]+)\"}";
        String hostile = "$(touch pwned);' `touch pwned2`";
        CommandTrial.Outcome ok = CommandTrial.run(file(dir, "[\"sh\", \"-c\", \"echo obj=9; printf %s \\\"$0\\\" > seen\", "
                + "\"" + hostile + "\"]", regex), C, dir.resolve("e0"));
        assertThat(ok.objective()).isEqualTo(9.0);
        assertThat(Files.readString(dir.resolve("seen"))).isEqualTo(hostile);
        assertThat(dir.resolve("pwned")).doesNotExist();
        assertThat(dir.resolve("pwned2")).doesNotExist();
        assertThat(CommandTrial.run(file(dir, "[\"sh\", \"-c\", \"echo obj=2.5; exit 0\"]", regex), C,
                dir.resolve("e1")).objective()).isEqualTo(2.5);
        assertThat(CommandTrial.run(file(dir, "[\"sh\", \"-c\", \"echo why >&2; exit 7\"]", regex), C,
                dir.resolve("e2")).error()).isEqualTo("exit code 7: why");
        assertThat(CommandTrial.run(file(dir, "[\"sh\", \"-c\", \"kill -TERM $$\"]", regex), C, dir.resolve("e3"))
                .error()).isEqualTo("exit code 143");
        assertThat(CommandTrial.run(file(dir, "[\"echo\", \"obj=1\\\\n\"]", "{regex: \"(obj=.*)\"}"), C,
                dir.resolve("e4")).error()).contains("obj=1\\n --threads=3");   // /bin/echo, not dash's builtin
        Path gone = Files.writeString(dir.resolve("gone.sh"), "#!/bin/sh\necho obj=1\n");
        assertThat(gone.toFile().setExecutable(true)).isTrue();
        TuningFile removed = file(dir, "[\"./gone.sh\"]", regex);
        Files.delete(gone);   // removed after the file was read: still "cannot start", as before the wrapper
        assertThat(CommandTrial.run(removed, C, dir.resolve("e5")).error())
                .isEqualTo("cannot start: ./gone.sh: no such executable file (in directory " + dir + ")");
        assertThat(TrialGroup.cannotStart("no-such-program-tk", dir, System.getenv("PATH")))
                .contains("no-such-program-tk: not found on PATH");
        assertThat(TrialGroup.cannotStart("sh", dir, System.getenv("PATH"))).isEmpty();
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList()).isEmpty();
    }

    @Test
    void aTimedOutTrialsWholeGroupDiesAlsoWhatLeftItsTree(@TempDir Path dir) throws Exception {
        String marker = "2" + ThreadLocalRandom.current().nextLong(10, 99) + "."
                + ThreadLocalRandom.current().nextLong(100_000_000L, 999_999_999L);
        // (sleep &) re-parents the sleep away from the trial: killing the descendants alone would miss it
        TuningFile f = file(dir, "[\"sh\", \"-c\", \"(sleep $0 &); sleep $0\", \"" + marker + "\"]",
                "{regex: \"obj=([-0-9.]+)\"}");
        try {
            CommandTrial.Outcome o = CommandTrial.run(f, C, dir.resolve("err"));
            assertThat(o.error()).startsWith("timeout after 1000 ms");
            long until = System.nanoTime() + 5_000_000_000L;
            while (!marked(marker).isEmpty() && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            assertThat(marked(marker)).isEmpty();
        } finally {
            marked(marker).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    @Test
    void whatANormalTrialLeftRunningIsKilledAtItsEnd(@TempDir Path dir) throws Exception {
        String marker = "2" + ThreadLocalRandom.current().nextLong(10, 99) + "."
                + ThreadLocalRandom.current().nextLong(100_000_000L, 999_999_999L);
        TuningFile f = file(dir, "[\"sh\", \"-c\", \"(sleep $0 >/dev/null 2>&1 &); echo obj=4\", \"" + marker + "\"]",
                "{regex: \"obj=([-0-9.]+)\"}");
        try {
            assertThat(CommandTrial.run(f, C, dir.resolve("err")).objective()).isEqualTo(4.0);
            long until = System.nanoTime() + 5_000_000_000L;
            while (!marked(marker).isEmpty() && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            assertThat(marked(marker)).isEmpty();
        } finally {
            marked(marker).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    private static List<Long> marked(String marker) throws IOException {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.map(p -> p.getFileName().toString()).filter(n -> n.matches("[0-9]+")).map(Long::parseLong)
                    .filter(pid -> cmdline(pid).contains(marker)).toList();
        }
    }

    private static String cmdline(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
