package io.tunescope.fault;

import io.tunescope.analysis.FixtureExperiment;
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
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault injection: a plan whose cell summary.json was cut mid-line (a full disk or a kill while an older version
 * wrote it in place). {@code report} names the file, line and column, leaves that cell out and renders the rest.
 */
@Timeout(120)
class TornCellSummaryTest {
    private static final String CELL = "users-4_workerLimit-1_r2";

    @Test
    void reportNamesTheTornFileAndLineAndRendersTheIntactCells(@TempDir Path dir) throws Exception {
        Path plan = FixtureExperiment.copyTo(dir);
        Path torn = plan.resolve("cells").resolve(CELL).resolve("summary.json");
        byte[] whole = Files.readAllBytes(torn);
        int cut = whole.length / 2;
        while (whole[cut - 1] == '\n' || whole[cut] == '\n') {
            cut++;   // cut mid-line, not at a line's end
        }
        Files.write(torn, Arrays.copyOf(whole, cut));
        long line = new String(whole, 0, cut, StandardCharsets.UTF_8).chars().filter(c -> c == '\n').count() + 1;

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = execute(err, out, "report", plan.toString());
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(code).as(stderr).isEqualTo(ExitCode.OK);
        assertThat(stderr.lines().toList()).as(stderr).hasSize(1).first().asString()
                .matches("tunescope: report: left out cell " + CELL + ": summary \\("
                        + java.util.regex.Pattern.quote(torn.toString()) + "\\) is not readable JSON: line " + line
                        + ", column \\d+: ends before its JSON is complete \\(cut short\\?\\)");
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("7 cells, 4 scenarios, 22 queries")
                .contains("1 unreadable cells left out");
        assertThat(plan.resolve("report.html")).isNotEmptyFile();
        assertThat(Files.readAllBytes(torn)).as("the torn file is only read").hasSize(cut);
    }

    @Test
    void aPlanWhoseEveryCellIsTornIsBadInputNamingTheFirst(@TempDir Path dir) throws Exception {
        Path plan = FixtureExperiment.copyTo(dir);
        try (var cells = Files.list(plan.resolve("cells"))) {
            for (Path cell : cells.toList()) {
                Path summary = cell.resolve("summary.json");
                Files.write(summary, Arrays.copyOf(Files.readAllBytes(summary), 100));
            }
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = execute(err, new ByteArrayOutputStream(), "report", plan.toString());
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(code).as(stderr).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(stderr.lines().filter(l -> !l.startsWith("tunescope: report: left out")).toList()).as(stderr)
                .first().asString().matches("tunescope: summary \\(.*/cells/.*/summary\\.json\\) is not readable JSON: "
                        + "line \\d+, column \\d+: ends before its JSON is complete \\(cut short\\?\\)");
        assertThat(stderr).doesNotContain("Exception", "\tat ");
    }

    private static int execute(ByteArrayOutputStream err, ByteArrayOutputStream out, String... argv) {
        PrintStream oldErr = System.err;
        PrintStream oldOut = System.out;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            return Main.execute(argv);
        } finally {
            System.setErr(oldErr);
            System.setOut(oldOut);
        }
    }
}
