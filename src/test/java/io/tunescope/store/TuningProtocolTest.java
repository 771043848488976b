package io.tunescope.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The protocol part of a tuning summary: the keys each mode writes, and the same record read back. */
class TuningProtocolTest {
    @Test
    void theSingleProtocolWritesItsSettingsOnly() {
        TuningProtocol single = new TuningProtocol(new TuningProtocol.Settings("single", null, null, null, null, null,
                null, null, null, 60.0), null, null, List.of(), List.of());
        Map<String, Object> fields = single.fields();
        assertThat(fields).containsOnlyKeys("protocol");
        assertThat(Json.toJson(fields.get("protocol"))).contains("\"budgetTimeSeconds\" : 60.0")
                .doesNotContain("noiseRepeats");
        assertThat(single.mode()).isEqualTo("single");
    }

    @Test
    void aRacingSummaryReadsBackAsTheRecordItWasWrittenFrom(@TempDir Path dir) throws Exception {
        TuningProtocol racing = new TuningProtocol(new TuningProtocol.Settings("racing", 4, "auto", 5.0, 8, 3.0, 0.95,
                10, new TuningProtocol.Sizing(7.25, 12, "measurementBudget", 40L,
                new TuningProtocol.Size(6, 12, 6, "measurementBudget")), null), new TuningProtocol.Noise(4, 20.5, 7.25, -1.5), 23,
                List.of(new TuningProtocol.Race(2, 1, 5, 5, "better", 12.3, List.of(4.1, 20.9), 3.0,
                        new TuningProtocol.Size(5, 12, 5, "measurementBudget")),
                        TuningProtocol.Race.journaled(4, 3, "unstable")),
                List.of(new TuningProtocol.Unstable(4, Map.of("threads", 7), List.of(10.0, 31.0, 55.0), 68.4, 7.25)));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("tool", "tunescope tune");
        summary.putAll(racing.fields());
        assertThat(summary).containsKeys("protocol", "noise", "measurements", "races", "unstable");
        Path file = dir.resolve("summary.json");
        Json.writeAtomically(file, summary);
        assertThat(TuningProtocol.read(file)).isEqualTo(racing);
        assertThat(TuningProtocol.read(dir.resolve("missing.json"))).isNull();
    }
}
