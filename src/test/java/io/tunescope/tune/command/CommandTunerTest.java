package io.tunescope.tune.command;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class CommandTunerTest {
    @Test
    void aSpaceSmallerThanTheBudgetEndsTheSessionAsExhausted(@TempDir Path dir) throws Exception {
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), """
                command: ["sh", "-c", "echo v=1"]
                objective: {regex: "v=([0-9]+)"}
                budget: 5
                parameters: [{name: a, type: bool}]
                """);
        Path out = dir.resolve("out");
        CommandTuner.Result r = CommandTuner.run(f, out, false, io.tunescope.Progress.NONE);
        assertThat(r.newTrials()).isEqualTo(2);
        assertThat(r.exhausted()).isTrue();
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("spaceExhausted").asBoolean()).isTrue();
        assertThat(summary.get("trials")).hasSize(2);
    }
}
