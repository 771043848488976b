package io.tunescope.report;

import io.tunescope.cli.Main;
import io.tunescope.analysis.FixtureExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.tunescope.cli.ExitCode;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTML reports as a browser leaves them (headless Chromium, {@link ChromiumPage}): every section in the DOM,
 * every chart decoded and drawn, nothing on the console. A page with a broken image and a script error is caught,
 * so the checks can fail.
 */
class ReportDomTest {

    @Test
    void anExperimentsReportRendersEverySectionAndChartWithoutConsoleErrors(@TempDir Path tmp) throws Exception {
        Path dir = FixtureExperiment.copyTo(tmp.resolve("run"));
        assertThat(Main.execute("report", dir.toString())).isEqualTo(ExitCode.OK);
        ChromiumPage.Loaded page = ChromiumPage.load(dir.resolve("report.html"), tmp);
        for (String id : new String[] {"profiles", "groups", "comparisons", "prediction"}) {
            assertThat(page.dom()).as("section " + id).contains("<h2 id=\"" + id + "\">");
        }
        assertThat(page.images()).as("charts").isGreaterThanOrEqualTo(4);
        assertThat(page.brokenImages()).as("charts the browser could not draw").isZero();
        assertThat(page.heightPixels()).isGreaterThan(2000);
        assertThat(page.consoleProblems()).isEmpty();
    }

    @Test
    void aTuningSessionsReportRendersItsVerdictAndCharts(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("t.yaml");
        Files.writeString(file, """
                command: ["sh", "-c", "echo v=$((3 + TUNE_A))"]
                pass: {env: TUNE_}
                objective: {regex: "v=([0-9]+)"}
                budget: 4
                strategy: random
                parameters: [{name: a, type: int, min: 1, max: 3}]
                """);
        Path out = tmp.resolve("tune");
        assertThat(Main.execute("tune", file.toString(), "--out", out.toString())).isEqualTo(ExitCode.OK);
        assertThat(Main.execute("report", out.toString())).isEqualTo(ExitCode.OK);
        ChromiumPage.Loaded page = ChromiumPage.load(out.resolve("report.html"), tmp);
        for (String id : new String[] {"sessions", "protocol", "convergence"}) {
            assertThat(page.dom()).as("section " + id).contains("<h2 id=\"" + id + "\">");
        }
        assertThat(page.images()).isPositive();
        assertThat(page.brokenImages()).isZero();
        assertThat(page.consoleProblems()).isEmpty();
    }

    @Test
    void aBrokenChartAndAScriptErrorAreCaught(@TempDir Path tmp) throws Exception {
        Path page = tmp.resolve("broken.html");
        Files.writeString(page, "<!DOCTYPE html><html><body><h2 id=\"x\">x</h2>"
                + "<img src=\"data:image/png;base64,bm90IGEgcG5n\"><script>undefinedFunction();</script></body></html>");
        ChromiumPage.Loaded loaded = ChromiumPage.load(page, tmp);
        assertThat(loaded.images()).isEqualTo(1);
        assertThat(loaded.brokenImages()).isEqualTo(1);
        assertThat(loaded.consoleProblems()).anyMatch(l -> l.contains("undefinedFunction"));
    }
}
