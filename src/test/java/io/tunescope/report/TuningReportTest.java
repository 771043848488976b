package io.tunescope.report;

import io.tunescope.Progress;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.tune.command.CommandTuner;
import io.tunescope.tune.command.TuningFile;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.tune.command.WorkloadsTuner;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class TuningReportTest {
    private static Path matrixDir;
    private static Path singleDir;

    /** A synthetic database whose best thread count is 1 for one user and 4 for more. */
    private static TuningTarget synthetic(io.tunescope.tune.database.DatabaseTargetSpec spec) {
        return new TuningTarget() {
            @Override
            public Measurement measure(Configuration config, boolean isDefault, Path log) {
                long threads = ((Number) config.get("threads")).longValue();
                boolean order = Boolean.TRUE.equals(config.get("preserve_insertion_order"));
                long best = spec.users() == 1 ? 1 : 4;
                return Measurement.ok(List.of(10.0 + 5 * Math.abs(threads - best) + (order ? 1 : 0)), 1);
            }

            @Override
            public io.tunescope.store.TargetDescription describe() {
                return null;
            }
        };
    }

    @BeforeAll
    static void tuneAndReport(@TempDir Path tmp) throws Exception {
        TuningFile f = TuningFileParser.parse(tmp.resolve("m.yaml"), """
                target: {engine: duckdb, workload: sequence, users: 1, revalidate: 3}
                workloads: [{name: seq, workload: sequence}, {name: q1x4, workload: "single:Q1", users: 4}]
                budget: 6
                strategy: random
                parameters: [{name: threads, min: 1, max: 4, default: 2}, {name: preserve_insertion_order}]
                """);
        matrixDir = tmp.resolve("matrix");
        WorkloadsTuner.run(f, TuningReportTest::synthetic, matrixDir, false, Progress.NONE);
        assertThat(Main.execute("report", matrixDir.toString())).isEqualTo(ExitCode.OK);
        TuningFile one = TuningFileParser.parse(tmp.resolve("t.yaml"), """
                command: ["sh", "-c", "if [ $1 = --a=true ]; then echo v=1; else exit 3; fi", "sh"]
                objective: {regex: "v=([0-9]+)"}
                budget: 3
                parameters: [{name: a, type: bool, default: true}, {name: b, type: int, min: 1, max: 3}]
                """);
        singleDir = tmp.resolve("single");
        CommandTuner.run(one, singleDir, false, Progress.NONE);
        assertThat(Main.execute("report", singleDir.toString())).isEqualTo(ExitCode.OK);
    }

    private static int images(String html) {
        Matcher m = Pattern.compile("<img [^>]*src=\"data:image/png;base64,").matcher(html);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void aSessionTunedForSeveralWorkloadsShowsEachConvergenceTheImportanceAndTheMatrix() throws Exception {
        String html = Files.readString(matrixDir.resolve("report.html"));
        assertThat(images(html)).isEqualTo(4);
        assertThat(html).contains("convergence on seq", "convergence on q1x4", "Cross-apply matrix",
                "tuned for \\ measured on").doesNotContain("http://", "https://");
        // each workload's session raced (the default protocol): its noise, races and verdict are shown
        assertThat(html).contains("Trial protocol and verdict", "Workload seq", "Workload q1x4",
                "Protocol: racing", "Noise of the default (", "raced against trial", "Verdict: better");
        List<String> matrixCsv = Files.readAllLines(matrixDir.resolve("report").resolve("matrix.csv"));
        assertThat(matrixCsv).hasSize(5).first().asString().startsWith("tuned_for,measured_on,objective");
        // seq's best (1 thread, no insertion order) takes 25 on q1x4, whose default (2 threads, order) takes 21
        assertThat(matrixCsv).contains("seq,q1x4,25.0,-19.0,\"[-19.0, -19.0]\",0");
        List<String> importance = Files.readAllLines(matrixDir.resolve("report").resolve("importance.csv"));
        assertThat(importance).hasSize(5);
    }

    @Test
    void aSingleSessionShowsItsFailedTrialsWithTheirReasonsAndNoMatrix() throws Exception {
        String html = Files.readString(singleDir.resolve("report.html"));
        assertThat(html).doesNotContain("Cross-apply matrix");
        List<String> convergence = Files.readAllLines(singleDir.resolve("report").resolve("convergence.csv"));
        assertThat(convergence).hasSize(4);
        assertThat(convergence).anyMatch(l -> l.contains(",failed,") && l.contains("exit"));
    }

    @Test
    void theTuningReportRendersInHeadlessChromium(@TempDir Path tmp) throws Exception {
        ReportWriterTest.assertRendersInChromium(matrixDir.resolve("report.html"), tmp);
    }
}
