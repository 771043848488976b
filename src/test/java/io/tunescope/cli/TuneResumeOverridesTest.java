package io.tunescope.cli;

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
 * {@code tune --resume DIR} continues the session that was started, with the {@code --budget}, {@code --strategy}
 * and {@code --seed} given then, not the tuning file's (which would run to another budget, or stop at a journal
 * written by another strategy); a {@code --budget} given with {@code --resume} replaces the budget.
 */
@Timeout(120)
class TuneResumeOverridesTest {
    @Test
    void resumeKeepsTheOverridesTheSessionStartedWith(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("tune");
        String file = Path.of("examples", "tune-command.yaml").toAbsolutePath().toString();   // budget 30, gp, seed 1
        assertThat(quietly("tune", "--budget", "2", "--strategy", "random", "--seed", "7", "--out", out.toString(),
                file)).isEqualTo(ExitCode.OK);
        Path journal = out.resolve("journal.jsonl");
        assertThat(trials(journal)).isEqualTo(2);

        assertThat(quietly("tune", "--resume", out.toString())).isEqualTo(ExitCode.OK);
        assertThat(trials(journal)).as("the budget the session started with").isEqualTo(2);
        assertThat(Files.readAllLines(journal).get(0)).contains("\"strategy\":\"random\"").contains("\"seed\":7");

        assertThat(quietly("tune", "--resume", out.toString(), "--budget", "3")).isEqualTo(ExitCode.OK);
        assertThat(trials(journal)).as("a budget given with --resume").isEqualTo(3);
    }

    private static long trials(Path journal) throws Exception {
        List<String> lines = Files.readAllLines(journal);
        return lines.stream().filter(l -> l.contains("\"type\":\"trial\"")).count();
    }

    private static int quietly(String... args) {
        PrintStream err = System.err;
        PrintStream out = System.out;
        try {
            System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            return Main.execute(args);
        } finally {
            System.setErr(err);
            System.setOut(out);
        }
    }
}
