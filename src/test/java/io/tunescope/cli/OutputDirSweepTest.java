package io.tunescope.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command that writes a results directory refuses one that holds results already (of another run or kind)
 * and a path that cannot be one, with exit 3 and one line, and writes nothing: the directory's files are the same,
 * byte for byte, afterwards. {@code {t}} is a scratch directory holding a run's results ({@code run1}), a tuning
 * session's ({@code tune1}), a monitor recording ({@code mon1}) and a plan's ({@code plan1}).
 */
@Timeout(120)
class OutputDirSweepTest {
    private static final String NEW_DIR = " (results are never overwritten)";
    private static final String RUN = "already holds the results of an earlier run (summary.json): give a new "
            + "directory" + NEW_DIR;
    private static final String TUNING = "already holds a tuning session (journal.jsonl): continue it with tune "
            + "--resume DIR or give a new directory" + NEW_DIR;

    @TempDir
    static Path t;

    @BeforeAll
    static void results() throws IOException {
        Files.createDirectories(t.resolve("run1/tenants/t1"));
        Files.writeString(t.resolve("run1/summary.json"), "{\"complete\": true}\n");
        Files.writeString(t.resolve("run1/tenants/t1/executions.csv"), "user,query\n1,Q1\n");
        Files.createDirectories(t.resolve("tune1"));
        Files.writeString(t.resolve("tune1/journal.jsonl"), "{\"trial\": 1}\n");
        Files.writeString(t.resolve("tune1/tuning-file.txt"), t.resolve("cmd.yaml") + "\n");
        Files.createDirectories(t.resolve("mon1/monitor"));
        Files.writeString(t.resolve("mon1/summary.json"), "{}\n");
        Files.writeString(t.resolve("cmd.yaml"), "command: [\"true\"]\nobjective: {source: time}\n"
                + "parameters: [{name: a, type: bool}]\n");
        Files.writeString(t.resolve("plan.yaml"), "base: {engine: duckdb, iterations: 1}\nfactors: {users: [1]}\n");
        Files.writeString(t.resolve("afile"), "x");
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                c("out ({t}/run1) " + RUN, "run", "--engine", "duckdb", "--out", "{t}/run1"),
                c("out ({t}/tune1) " + TUNING, "run", "--out", "{t}/tune1"),
                c("out ({t}/run1) " + RUN, "run", "{t}/plan.yaml", "--out", "{t}/run1"),
                c("out ({t}/run1) " + RUN, "shop", "run", "--out", "{t}/run1"),
                c("out ({t}/run1) " + RUN, "shop", "capacity", "--browsers", "1,2", "--out", "{t}/run1"),
                c("out ({t}/run1) " + RUN, "shop", "start", "--out", "{t}/run1"),
                c("out ({t}/tune1) " + TUNING, "tune", "--out", "{t}/tune1", "{t}/cmd.yaml"),
                c("out ({t}/run1) " + RUN, "tune", "--out", "{t}/run1", "{t}/cmd.yaml"),
                c("out ({t}/mon1) " + RUN, "monitor", "--pid", "1", "--duration", "100ms", "--out", "{t}/mon1"),
                c("out ({t}/tune1) " + TUNING, "monitor", "--pid", "1", "--duration", "100ms", "--out", "{t}/tune1"),
                c("out ({t}/run1) " + RUN, "scale", "--engine", "h2", "--out", "{t}/run1"),
                c("out ({t}/run1) " + RUN, "tune-bench", "--budget", "3", "--seeds", "1", "--out", "{t}/run1"),
                c("out (\"\") must name a directory (an empty path would write into the working directory)", "run",
                        "--out", ""),
                c("out (\"\") must name a directory (an empty path would write into the working directory)", "tune",
                        "--out", "", "{t}/cmd.yaml"),
                c("out (\"\") must name a directory (an empty path would write into the working directory)", "shop",
                        "run", "--out", ""),
                c("out ({t}/afile/sub) must be a directory, but {t}/afile is a file", "run", "--out",
                        "{t}/afile/sub"),
                c("out (/dev/null) is under /dev, which holds the kernel's files or devices, not results", "monitor",
                        "--pid", "1", "--duration", "100ms", "--out", "/dev/null"),
                c("out (/proc/x) is under /proc, which holds the kernel's files or devices, not results", "shop",
                        "run", "--out", "/proc/x"));
    }

    private static Arguments c(String message, String... args) {
        return Arguments.of(String.join(" ", args), message, List.of(args));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusesBeforeWritingAnything(String line, String message, List<String> args) throws IOException {
        Map<String, String> before = snapshot();
        String[] argv = args.stream().map(OutputDirSweepTest::fill).toArray(String[]::new);
        PrintStream err = System.err;
        PrintStream out = System.out;
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code;
        try {
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            code = Main.execute(argv);
        } finally {
            System.setErr(err);
            System.setOut(out);
        }
        String stderr = e.toString(StandardCharsets.UTF_8);
        assertThat(stderr.strip()).as(line).isEqualTo("tunescope: " + fill(message));
        assertThat(code).as(line).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(snapshot()).as("nothing written or changed").isEqualTo(before);
    }

    @Test
    void tuneResumeStillContinuesInItsOwnDirectory() {
        // --resume is the one way into a directory with a journal: the refusal above must not catch it
        assertThat(io.tunescope.store.FreshOutput.holding(t.resolve("tune1"))).isPresent();
        io.tunescope.store.FreshOutput.checkPlace(t.resolve("tune1"));
    }

    private static String fill(String s) {
        return s.replace("{t}", t.toString());
    }

    /** Every file under the scratch directory with its content. */
    private static Map<String, String> snapshot() throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(t)) {
            for (Path p : all.toList()) {
                files.put(t.relativize(p).toString(), Files.isRegularFile(p) ? Files.readString(p) : "<dir>");
            }
        }
        return files;
    }
}
