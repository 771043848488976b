package io.tunescope.store;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class WorkloadsSummaryTest {

    @Test
    void eachKindOfWorkloadShowsOnlyItsOwnFieldsAndTheDocumentIsATuningSummary(@TempDir Path dir) throws Exception {
        Map<String, WorkloadsSummary.Workload> workloads = new LinkedHashMap<>();
        workloads.put("q1", WorkloadsSummary.Workload.database("q1", "single:Q1", 4, 0.01, null));
        workloads.put("b", WorkloadsSummary.Workload.shop("b", "browsing", 8, null));
        WorkloadsSummary summary = WorkloadsSummary.of(Path.of("t.yaml"), "duckdb", null, "throughput",
                new WorkloadsSummary.Search("random", 7, 3), workloads, null, 12.345);
        Path file = TuningDir.of(dir).summary();
        Json.writeAtomically(file, summary);

        JsonNode back = Json.MAPPER.readTree(file.toFile());
        assertThat(back.get("type").asText()).isEqualTo("tuning");
        assertThat(back.has("target")).as("a database's workloads have no target description").isFalse();
        assertThat(back.get("wallSeconds").asDouble()).isEqualTo(12.3);
        assertThat(back.get("seed").asLong()).isEqualTo(7);
        JsonNode q1 = back.get("workloads").get("q1");
        assertThat(q1.get("users").asInt()).isEqualTo(4);
        assertThat(q1.has("mix")).isFalse();
        assertThat(q1.get("directory").asText()).isEqualTo(Path.of("workloads", "q1").toString());
        JsonNode b = back.get("workloads").get("b");
        assertThat(b.get("mix").asText()).isEqualTo("browsing");
        assertThat(b.has("users")).isFalse();
    }
}
