package io.tunescope.report;

import io.tunescope.analysis.tune.TuningAnalysis;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.Revalidated;
import io.tunescope.store.TuningProtocol;
import io.tunescope.store.TuningSummary;
import io.tunescope.store.VerdictExplanation;
import io.tunescope.store.VerdictExplanation.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's protocol section, from a recorded summary.json: the noise, each race, the unstable ones, the verdict. */
class TuningProtocolSectionTest {
    private static final String SUMMARY = """
            {"protocol": {"mode": "racing", "noiseRepeats": 4},
             "noise": {"measurements": 4, "mean": 20.5, "cvPercent": 7.25, "driftPercentPerMeasurement": -1.5},
             "measurements": 23,
             "races": [
               {"trial": 2, "against": 1, "measurements": 5, "pairs": 5, "decision": "better",
                "gainPercent": 12.3, "gainInterval": [4.1, 20.9], "cvPercent": 3.0},
               {"trial": 3, "against": 2, "measurements": 1, "pairs": 0, "decision": "worse"},
               {"trial": 4, "measurements": 3, "decision": "unstable"}],
             "unstable": [{"trial": 4, "config": {"threads": 7, "mode": "fast"}, "measurements": [10.0, 31.0, 55.0],
                           "cvPercent": 68.4, "defaultCvPercent": 7.25, "referenceCvPercent": 9.1,
                           "reference": "incumbentInRace"}]}
            """;

    private static TuningAnalysis analysis(BestSoFar best, TuningProtocol p) {
        return new TuningAnalysis("t", List.of(new TuningAnalysis.Session(null, "gp", 1, "minimize", List.of(),
                List.of(), best, p)), null);
    }

    @Test
    void showsTheNoiseEachRaceTheUnstableConfigurationsAndTheVerdictWithItsInterval(@TempDir Path dir)
            throws Exception {
        TuningProtocol p = TuningSummary.read(Files.writeString(dir.resolve("summary.json"), SUMMARY)).trialProtocol();
        assertThat(p.races()).extracting(TuningProtocol.Race::decision).containsExactly("better", "worse", "unstable");
        assertThat(p.races().get(0).gainInterval()).containsExactly(4.1, 20.9);
        assertThat(p.races().get(2).against()).isNull();
        assertThat(p.unstable().get(0).config()).containsEntry("threads", 7).containsEntry("mode", "fast");

        Revalidated r = new Revalidated(null, null, 9.4, List.of(2.5, 16.3), 8, 1, "better", 6.9);
        VerdictExplanation e = new VerdictExplanation(8, 8, List.of(new VerdictExplanation.QueryDifference("Q6",
                Pair.of(40.0, 30.0), Pair.of(35.0, 26.0), Pair.of(2.0, 2.0), Pair.of(1.0, 1.0))),
                List.of(new VerdictExplanation.RoleDifference("worker", Pair.of(4.0, 4.0), Pair.of(0.8, 0.6),
                        Pair.of(3.0, 2.0), Pair.of(900.0, 700.0))), List.of("Q6: the finding."));
        BestSoFar best = new BestSoFar(6, new BestSoFar.Best(Map.of("threads", 4), 18.0, 2), null, 12.0,
                "minimize", "gp", 1, null, r, "better", 6.9, e);
        Html h = new Html();
        TuningProtocolSection.render(h, analysis(best, p));
        String html = h.toString();
        assertThat(html).contains("Verdict: better (re-validated gain +9.4 % [2.5, 16.3], 95 % interval ±6.9 points, "
                + "8 runs of each of default and best, 1 failed).");
        assertThat(html).contains("Protocol: racing, 23 measurements in all. Noise of the default (4 measurements, "
                + "mean 20.50): coefficient of variation 7.25 %, drift -1.50 % of the mean per measurement.");
        assertThat(html).contains("<td>better</td>", "<td>[4.1, 20.9]</td>", "<td>worse</td>",
                "<td>unstable</td>", "{threads=7, mode=fast}", "<td class=\"n\">68.40</td>",
                "<td class=\"n\">9.10</td>", "<td>incumbentInRace</td>");
        assertThat(html).contains("medians over 8 monitored re-validation runs", "Q6: the finding.", "<td>Q6</td>",
                "<td class=\"n\">-25.00</td>", "<td>worker</td>", "context switches/s, default");
    }

    @Test
    void aSessionWithoutARaceOrASummarySaysWhyItHasNoFigures(@TempDir Path dir) throws Exception {
        TuningProtocol single = TuningSummary.read(Files.writeString(dir.resolve("summary.json"),
                "{\"protocol\": {\"mode\": \"single\"}}")).trialProtocol();
        BestSoFar none = new BestSoFar(3, null, null, null, "minimize", "gp", 1, null, null, "indistinguishable", null,
                null);
        Html h = new Html();
        TuningProtocolSection.render(h, analysis(none, single));
        assertThat(h.toString()).contains("Verdict: indistinguishable: not re-validated",
                "Protocol: single. One measurement per trial: no noise estimate.").doesNotContain("<table>");
        assertThat(TuningSummary.read(dir.resolve("missing.json"))).isNull();
        Html unfinished = new Html();
        TuningProtocolSection.render(unfinished, analysis(null, null));
        assertThat(unfinished.toString()).contains("No verdict: the session did not finish.");
    }
}
