package io.tunescope.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A binary tuning file or plan is bad input naming the file, not the decoder's "Input length = 1". */
class StrictFilesTest {
    private static final byte[] BINARY = {'b', 'u', 'd', 'g', 'e', 't', ':', ' ', (byte) 0xFF, (byte) 0xFE, '\n'};

    @Test
    void aBinaryTuningFileIsNotUtf8Text(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tune.yaml");
        Files.write(file, BINARY);
        Path out = dir.resolve("out");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = execute(err, "tune", file.toString(), "--out", out.toString());
        assertThat(err.toString(StandardCharsets.UTF_8).strip()).isEqualTo("tunescope: " + file
                + ":1: the file is not UTF-8 text (byte 8 cannot be decoded): a configuration file must be UTF-8 YAML");
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
    }

    @Test
    void aBinaryPlanIsNotUtf8Text(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("plan.yaml");
        Files.write(file, BINARY);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = execute(err, "run", file.toString(), "--out", dir.resolve("out").toString());
        assertThat(err.toString(StandardCharsets.UTF_8).strip()).isEqualTo("tunescope: " + file
                + ":1: the file is not UTF-8 text (byte 8 cannot be decoded): a configuration file must be UTF-8 YAML");
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(dir.resolve("out")).doesNotExist();
    }

    private static int execute(ByteArrayOutputStream err, String... argv) {
        PrintStream oldErr = System.err;
        PrintStream oldOut = System.out;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            return Main.execute(argv);
        } finally {
            System.setErr(oldErr);
            System.setOut(oldOut);
        }
    }
}
