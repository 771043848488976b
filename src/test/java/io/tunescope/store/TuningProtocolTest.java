package io.tunescope.store;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The protocol part of a tuning summary: the keys each mode writes, and the same record read back. */
class TuningProtocolTest {
    @Test
    void theSingleProtocolWritesItsSettingsOnly(@TempDir Path dir) throws Exception {
        TuningProtocol single = new TuningProtocol(new TuningProtocol.Settings("single", null, null, null, null, null,
                null, null, null, 60.0), null, null, List.of(), List.of());
        Path file = dir.resolve("summary.json");
        Json.writeAtomically(file, TuningSummaryTest.summary(null).completed(single));
        JsonNode tree = Json.MAPPER.readTree(file.toFile());
        assertThat(tree.has("protocol")).isTrue();
        assertThat(tree.has("noise") || tree.has("measurements") || tree.has("races") || tree.has("unstable"))
                .isFalse();
        assertThat(Json.toJson(tree.get("protocol"))).contains("\"budgetTimeSeconds\" : 60.0")
                .doesNotContain("noiseRepeats");
        assertThat(single.mode()).isEqualTo("single");
        assertThat(TuningSummary.read(file).trialProtocol()).isEqualTo(single);
    }

    @Test
    void aRacingSummaryReadsBackAsTheRecordItWasWrittenFrom(@TempDir Path dir) throws Exception {
        TuningProtocol racing = new TuningProtocol(new TuningProtocol.Settings("racing", 4, "auto", 5.0, 8, 3.0, 0.95,
                10, new TuningProtocol.Sizing(7.25, 12, "measurementBudget", 40L,
                new TuningProtocol.Size(6, 12, 6, "measurementBudget"), 4, "the search ended after 5 of 12 trials"),
                null),
                new TuningProtocol.Noise(4, 20.5, 7.25, -1.5), 23,
                List.of(new TuningProtocol.Race(2, 1, 5, 5, "better", 12.3, List.of(4.1, 20.9), 3.0,
                        new TuningProtocol.Size(5, 12, 5, "measurementBudget")),
                        TuningProtocol.Race.journaled(4, 3, "unstable")),
                List.of(new TuningProtocol.Unstable(4, Map.of("threads", 7), List.of(10.0, 31.0, 55.0), 68.4, 7.25,
                        9.1, "incumbentInRace")));
        Path file = dir.resolve("summary.json");
        Json.writeAtomically(file, TuningSummaryTest.summary(null).completed(racing));
        JsonNode tree = Json.MAPPER.readTree(file.toFile());
        for (String key : List.of("protocol", "noise", "measurements", "races", "unstable")) {
            assertThat(tree.has(key)).as(key).isTrue();
        }
        assertThat(TuningSummary.read(file).trialProtocol()).isEqualTo(racing);
    }
}
