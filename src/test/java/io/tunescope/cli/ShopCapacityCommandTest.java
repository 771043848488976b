package io.tunescope.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code shop capacity --help}, and bad levels rejected before anything starts or is written. */
class ShopCapacityCommandTest {
    private static int run(PrintStream to, boolean stderr, String... args) {
        PrintStream old = stderr ? System.err : System.out;
        try {
            if (stderr) {
                System.setErr(to);
            } else {
                System.setOut(to);
            }
            return Main.execute(args);
        } finally {
            if (stderr) {
                System.setErr(old);
            } else {
                System.setOut(old);
            }
        }
    }

    @Test
    void helpNamesTheLevelsAndTheThinkScale() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int code = run(new PrintStream(buf, true, StandardCharsets.UTF_8), false, "shop", "capacity", "--help");
        assertThat(code).isZero();
        assertThat(buf.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ")).contains("--browsers=N,", "--think-scale",
                "10,20,40,80,160", "(default: postgres)", "(default: 0.002)", "capacity.json");
    }

    @Test
    void unsortedLevelsAreBadInputAndNothingIsWritten(@TempDir Path dir) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int code = run(new PrintStream(buf, true, StandardCharsets.UTF_8), true, "shop", "capacity", "--browsers",
                "40,20", "--database", "h2", "--out", dir.resolve("out").toString());
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(buf.toString(StandardCharsets.UTF_8)).hasLineCount(1)
                .contains("browsers ([40, 20]) must be strictly increasing");
        assertThat(Files.exists(dir.resolve("out"))).isFalse();
    }
}
