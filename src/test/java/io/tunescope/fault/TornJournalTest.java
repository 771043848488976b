package io.tunescope.fault;

import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault injection: a tuning journal cut mid-line, as when {@code tune} is killed while writing. {@code --resume}
 * names the file and line it drops, keeps every complete trial byte for byte, and runs only the missing trials.
 */
@Timeout(120)
class TornJournalTest {
    @Test
    void resumeNamesTheTornLineAndLosesNoCompletedTrial(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("tune");
        Path tuningFile = Path.of("examples", "tune-command.yaml").toAbsolutePath();
        assertThat(quietly("tune", "--budget", "4", "--seed", "1", "--out", out.toString(), tuningFile.toString())
                .code()).isEqualTo(ExitCode.OK);
        Path journal = out.resolve("journal.jsonl");
        List<String> before = Files.readAllLines(journal);
        // the session header, the races' measurements and 4 trials, the 4th trial's line last
        assertThat(before.stream().filter(l -> l.contains("\"type\":\"trial\""))).hasSize(4);
        assertThat(before.get(before.size() - 1)).contains("\"type\":\"trial\"");
        int n = before.size();
        byte[] bytes = Files.readAllBytes(journal);
        Files.write(journal, java.util.Arrays.copyOf(bytes, bytes.length - 40));   // the 4th trial torn
        int tornBytes = before.get(n - 1).length() + 1 - 40;

        Run resumed = quietly("tune", "--resume", out.toString(), "--budget", "6", "--seed", "1");

        assertThat(resumed.code()).isEqualTo(ExitCode.OK);
        assertThat(resumed.stderr().lines().filter(l -> l.startsWith("tune: ")).findFirst()).hasValue("tune: "
                + journal + ":" + n + ": torn last line (" + tornBytes + " bytes) dropped; resuming from the "
                + (n - 1) + " complete lines before it");
        List<String> after = Files.readAllLines(journal);
        assertThat(after).startsWith(before.subList(0, n - 1).toArray(String[]::new));
        assertThat(after.stream().filter(l -> l.contains("\"type\":\"trial\""))).hasSize(6);
        assertThat(after).allSatisfy(line -> assertThat(line).startsWith("{").endsWith("}"));
    }

    private record Run(int code, String stderr) {
    }

    private static Run quietly(String... args) {
        PrintStream err = System.err;
        PrintStream out = System.out;
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            return new Run(Main.execute(args), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(err);
            System.setOut(out);
        }
    }
}
