package io.tunescope.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Outcome;
import io.tunescope.store.PlanSummary.CellSummary;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The plan summary keeps its file format: statuses as lower-case strings, no field added or lost. */
class PlanSummaryJsonTest {
    /** Written by the code before CellStatus was an enum: a done, a bad-input, a failed and a pending cell. */
    private static final String BEFORE = "/experiment/plan-summary-string-status.json";

    private static JsonNode tree(String resource) throws Exception {
        try (InputStream in = PlanSummaryJsonTest.class.getResourceAsStream(resource)) {
            return Json.MAPPER.readTree(in);
        }
    }

    @Test
    void cellStatusesAreWrittenAsTheStringsTheyAlwaysWere() {
        assertThat(Json.toJson(CellStatus.DONE)).isEqualTo("\"done\"");
        assertThat(Json.toJson(CellStatus.FAILED)).isEqualTo("\"failed\"");
        assertThat(Json.toJson(CellStatus.PENDING)).isEqualTo("\"pending\"");
    }

    @Test
    void aSummaryWrittenBeforeTheEnumLoadsAndWritesBackUnchanged() throws Exception {
        JsonNode before = tree(BEFORE);
        PlanSummary summary = Json.MAPPER.treeToValue(before, PlanSummary.class);
        assertThat(summary.cells()).extracting(CellSummary::status)
                .containsExactly(CellStatus.DONE, CellStatus.FAILED, CellStatus.FAILED, CellStatus.PENDING);
        assertThat(summary.cells().get(1).problem()).startsWith("bad input: ");
        assertThat(Json.MAPPER.readTree(Json.toJson(summary))).isEqualTo(before);
    }

    @Test
    void theRecordedExperimentFixtureStillLoads() throws Exception {
        PlanSummary summary = Json.MAPPER.treeToValue(tree("/experiment/fixture/summary.json"), PlanSummary.class);
        assertThat(summary.cells()).hasSize(8).allMatch(c -> c.status() == CellStatus.DONE);
        assertThat(summary.outcome()).isEqualTo(Outcome.OK);
    }

    @Test
    void theFailureKindStaysInMemoryAndDecidesThePlanOutcome() throws Exception {
        PlanSummary loaded = Json.MAPPER.treeToValue(tree(BEFORE), PlanSummary.class);
        CellSummary badInput = new CellSummary("c", "users=2", Map.of("users", "2"), 1, CellStatus.FAILED, null,
                "bad input: users (2) must be at most 1", Outcome.BAD_INPUT);
        assertThat(Json.MAPPER.readTree(Json.toJson(badInput)).has("failureKind")).isFalse();
        assertThat(loaded.outcome()).isEqualTo(Outcome.FAILURE);
        PlanSummary withKind = new PlanSummary(loaded.plan(), false, loaded.failure(), 1, 0, 1, 0, 1, 1, false,
                loaded.smt(), loaded.monitor(), loaded.base(), loaded.factors(), 1, loaded.environment(),
                java.util.List.of(badInput));
        assertThat(withKind.outcome()).isEqualTo(Outcome.BAD_INPUT);
        assertThat(Json.MAPPER.readTree(Json.toJson(withKind)).has("outcome")).isFalse();
    }
}
