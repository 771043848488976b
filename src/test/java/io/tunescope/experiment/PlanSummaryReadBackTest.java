package io.tunescope.experiment;

import io.tunescope.store.Json;
import io.tunescope.store.PlanResults;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.RunEnvironment;
import io.tunescope.store.SummaryDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The plan summary the runner writes reads back, field for field, as the store's {@link PlanResults}. */
class PlanSummaryReadBackTest {
    @Test
    void everyFieldTheRunnerWritesIsReadBack(@TempDir Path dir) throws Exception {
        Map<String, Object> base = new LinkedHashMap<>();
        base.put("engine", "duckdb");
        base.put("cpus", null);
        PlanSummary written = new PlanSummary("tiny", false, "stopped", 2, 1, 0, 0, 99, 7, true, "no SMT", "off",
                base, Map.of("users", List.of("1", "2")), 1, RunEnvironment.capture(),
                List.of(new CellResult("users-1_r1", "users=1", Map.of("users", "1"), 1, CellStatus.DONE, 5L, null, null),
                        new CellResult("users-2_r1", "users=2", Map.of("users", "2"), 1, CellStatus.FAILED, null,
                                "bad input: users", null)));
        Path file = ResultsDir.of(dir).summary();
        Json.writeAtomically(file, written);
        PlanResults back = (PlanResults) SummaryDocument.read(file);
        assertThat(Json.toJson(back)).isEqualTo(Files.readString(file));
        assertThat(back.cells()).extracting(PlanResults.Cell::done).containsExactly(true, false);
    }
}
