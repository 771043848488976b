package io.tunescope.cli;

import io.tunescope.SecretScan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A password given in a JDBC URL is never printed or stored: commands run with one, and every file of the output
 * directory (summaries, results.duckdb, its exports, tunescope.log), stdout and stderr are searched for it, as bytes
 * ({@link SecretScan}, whose own test shows it finds a planted one).
 */
class SecretOutputsTest {
    private static final String SECRET = "Zq9sEcReT4xY";
    private static final String[] QUICK = {"--seconds", "0.2", "--warmup-seconds", "0.05", "--iterations", "2",
            "--bootstrap", "20", "--forks", "0", "--threads", "1,2", "--modes", "shared"};

    private record Ran(int code, String stdout, String stderr) {
    }

    private static Ran run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Main.execute(args);
            return new Ran(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    private static String[] scale(Path out, String url) {
        List<String> a = new ArrayList<>(List.of("scale", "--engine", "jdbc", "--url", url, "--statement", "VALUES (1)",
                "--out", out.toString()));
        a.addAll(List.of(QUICK));
        return a.toArray(String[]::new);
    }

    @Test
    void aPasswordInTheUrlOfAScaleRunIsInNoFileAndNoOutput(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("scale");
        Ran ran = run(scale(out, "jdbc:h2:mem:scan;USER=sa;PASSWORD=" + SECRET));
        assertThat(ran.code()).as(ran.stderr()).isZero();
        Ran export = run("export", out.toString(), "--out", dir.resolve("export").toString(), "--format", "csv");
        assertThat(export.code()).as(export.stderr()).isZero();
        assertThat(ran.stdout() + ran.stderr() + export.stdout() + export.stderr()).doesNotContain(SECRET);
        assertThat(SecretScan.filesContaining(out, SECRET)).isEmpty();
        assertThat(SecretScan.filesContaining(dir.resolve("export"), SECRET)).isEmpty();
        assertThat(Files.readString(out.resolve("summary.json"))).contains("PASSWORD=***");
    }

    @Test
    void aPasswordInTheUrlOfAServerThatCannotBeReachedIsNotInTheError(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("scale");
        Ran ran = run(scale(out, "jdbc:postgresql://bob:" + SECRET + "@127.0.0.1:1/db?password=" + SECRET));
        assertThat(ran.code()).isNotZero();
        assertThat(ran.stdout() + ran.stderr()).doesNotContain(SECRET);
        assertThat(SecretScan.filesContaining(out, SECRET)).isEmpty();
    }
}
