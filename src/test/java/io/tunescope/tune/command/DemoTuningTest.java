package io.tunescope.tune.command;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.report.ChromiumPage;
import io.tunescope.report.TuningReport;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.Revalidated;
import io.tunescope.store.TuningDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The demo's tuning step: a real, monitored DuckDB session of two trials and its re-validation, and its printout. */
class DemoTuningTest {
    @Test
    void theDemoSessionTunesDuckDbUnderTheMonitorAndRevalidates(@TempDir Path dir) throws Exception {
        TuningFile f = DemoTuning.tuningFile(2);
        assertThat(f.space().params()).extracting(p -> p.name()).containsExactly("threads", "memory_limit");
        TuningDir session = ResultsDir.of(dir).demoTuning();
        CommandTuner.Result r = DemoTuning.run(f, session.root(), Progress.NONE);

        List<String> trials = Files.readAllLines(session.journal()).stream()
                .filter(l -> l.contains("\"type\":\"trial\"")).toList();
        assertThat(trials).hasSize(2);
        assertThat(trials.get(0)).contains("\"isDefault\":true", "\"status\":\"ok\"", "\"race\":\"incumbent\"");
        assertThat(trials.get(1)).contains("\"status\":\"ok\"");
        JsonNode best = Json.MAPPER.readTree(session.best().toFile());
        assertThat(best.get("snippet").asText()).contains("SET GLOBAL threads = ", "SET GLOBAL memory_limit = ");
        assertThat(best.get("verdict").asText()).isIn("better", "worse", "indistinguishable");
        JsonNode rv = best.get("revalidated");
        if (rv != null) {
            // re-validated only when the second configuration won its race against the default
            assertThat(rv.get("runs").asInt()).isBetween(3, DemoTuning.PROTOCOL.revalidateRuns().fixed());
            assertThat(rv.get("failedRuns").asInt()).isZero();
            assertThat(rv.get("improvementCi95")).hasSize(2);
            assertThat(DemoTuning.verdict(r.best())).anyMatch(l -> l.startsWith("tune: gain of best over default "))
                    .anyMatch(l -> l.startsWith("tune: verdict "));
        } else {
            assertThat(DemoTuning.verdict(r.best())).anyMatch(l -> l.startsWith("tune: no configuration beat"));
        }
        assertThat(dir.resolve("tune/logs/trial-1-runs/monitor/query-metrics.csv")).isNotEmptyFile();
        assertThat(DemoTuning.verdict(r.best())).anyMatch(l -> l.startsWith("  SET GLOBAL threads = "));
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)).isEmpty();

        // the demo's last step: the session's report, as a browser shows it
        Path page = TuningReport.write(session.root()).html();
        Path browser = Files.createDirectories(dir.resolve("chromium"));
        ChromiumPage.Loaded loaded = ChromiumPage.load(page, browser);
        assertThat(loaded.dom()).contains("<h2 id=\"sessions\">", "<h2 id=\"protocol\">", "<h2 id=\"convergence\">",
                "<h2 id=\"profiles\">").contains(best.get("verdict").asText());
        // the queries' thread-level profiles: all 22, with the workers' CPU measured
        String profiles = loaded.dom().substring(loaded.dom().indexOf("<h2 id=\"profiles\">"));
        assertThat(profiles).contains("<td>Q1</td>", "<td>Q22</td>");
        assertThat(loaded.images()).isPositive();
        assertThat(loaded.brokenImages()).isZero();
        assertThat(loaded.consoleProblems()).isEmpty();
    }

    @Test
    void aGainWhoseIntervalIncludesZeroIsSaidToBeNoSignificantGain() {
        Revalidated rv = new Revalidated(new Revalidated.Side(3.0, List.of(2.0, 4.0), List.of()),
                new Revalidated.Side(2.5, List.of(2.0, 3.0), List.of()), 16.7, List.of(-4.0, 37.4), 3, 0);
        BestSoFar b = new BestSoFar(6, new BestSoFar.Best(Map.of("threads", 1), 2.0, 4),
                new BestSoFar.DefaultResult(Map.of("threads", 2), 3.0, null), 33.3, "minimize", "gp", 1,
                "SET GLOBAL threads = 1;\n", rv);
        assertThat(DemoTuning.verdict(b)).contains(
                "tune: gain of best over default +16.7 % (95% CI -4.0 .. +37.4 %): no significant gain (the interval "
                        + "includes 0)", "  SET GLOBAL threads = 1;");
        assertThat(DemoTuning.significance(List.of(1.0, 9.0))).isEqualTo("a significant gain");
        assertThat(DemoTuning.significance(List.of(-9.0, -1.0))).startsWith("the best trial's settings are "
                + "significantly slower");
    }

    @Test
    void fewerThanTwoTrialsIsBadInput() {
        assertThatThrownBy(() -> DemoTuning.tuningFile(1)).isInstanceOf(BadInputException.class)
                .hasMessage("--tune-trials (1) must be at least 2 (the default configuration and one other)");
    }
}
