package io.tunescope.store;

import io.tunescope.store.PlanSummary.CellSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The plan summary the runner writes reads back, field for field, as a {@link SummaryDocument}. */
class PlanSummaryReadBackTest {
    @Test
    void everyFieldTheRunnerWritesIsReadBack(@TempDir Path dir) throws Exception {
        Map<String, Object> base = new LinkedHashMap<>();
        base.put("engine", "duckdb");
        base.put("cpus", null);
        PlanSummary written = new PlanSummary("tiny", false, "stopped", 2, 1, 0, 0, 99, 7, true, "no SMT", "off",
                base, Map.of("users", List.of("1", "2")), 1, RunEnvironment.capture(),
                List.of(new CellSummary("users-1_r1", "users=1", Map.of("users", "1"), 1, CellStatus.DONE, 5L, null,
                                null),
                        new CellSummary("users-2_r1", "users=2", Map.of("users", "2"), 1, CellStatus.FAILED, null,
                                "bad input: users", null)));
        Path file = ResultsDir.of(dir).summary();
        Json.writeAtomically(file, written);
        PlanSummary back = (PlanSummary) SummaryDocument.read(file);
        assertThat(Json.toJson(Documents.stamped(file, back))).isEqualTo(Files.readString(file));
        assertThat(back.cells()).extracting(CellSummary::done).containsExactly(true, false);
    }
}
