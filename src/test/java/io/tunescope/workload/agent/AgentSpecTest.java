package io.tunescope.workload.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.BadInputException;
import io.tunescope.store.Json;
import io.tunescope.workload.DataConfig;
import io.tunescope.workload.DriverSettings;
import io.tunescope.workload.WorkloadConfig;
import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.engine.SqlDialect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AgentSpecTest {
    private static AgentSpec spec(WorkloadConfig workload) {
        return new AgentSpec("t1", "jdbc", "jdbc:postgresql://127.0.0.1:5432/tpch?password=***", "bench",
                0, java.util.List.of(), new DataConfig(0.01, true, 2, false), workload, "/tmp/t1/executions.csv");
    }

    @Test
    void theRecordsTravelAsTheyAreWithIsoDurationsAndATypedWorkload(@TempDir Path dir) throws Exception {
        WorkloadConfig workload = WorkloadConfig.of(3, WorkloadDefinition.parse("single:Q6", false))
                .withWaitAfterQuery(Duration.ofMillis(250)).withDuration(Duration.ofMillis(1500)).withSeed(9);
        AgentSpec spec = spec(workload);
        JsonNode json = Json.MAPPER.readTree(spec.toJson());
        assertThat(json.at("/workload/waitAfterQuery").asText()).isEqualTo("PT0.25S");
        assertThat(json.at("/workload/duration").asText()).isEqualTo("PT1.5S");
        assertThat(json.at("/workload/definition/kind").asText()).isEqualTo("SINGLE");
        assertThat(json.at("/workload/definition/singleQuery").asInt()).isEqualTo(6);
        assertThat(json.at("/data/scaleFactor").asDouble()).isEqualTo(0.01);
        assertThat(spec.toJson()).doesNotContain("single:Q6");

        Path file = dir.resolve("agent.json");
        spec.write(file);
        AgentSpec read = AgentSpec.read(file);
        assertThat(read).isEqualTo(spec);
        assertThat(read.driverSettings(SqlDialect.POSTGRES))
                .isEqualTo(new DriverSettings("t1", workload, spec.data(), SqlDialect.POSTGRES));
    }

    @Test
    void anIterationBoundRunHasNoDuration() throws Exception {
        AgentSpec spec = spec(WorkloadConfig.of(1, WorkloadDefinition.parse("sequence", true)).withIterations(4));
        JsonNode json = Json.MAPPER.readTree(spec.toJson());
        assertThat(json.at("/workload/duration").isNull()).isTrue();
        assertThat(json.at("/workload/waitAfterQuery").asText()).isEqualTo("PT0S");
        assertThat(json.at("/workload/definition/permuted").asBoolean()).isTrue();
        assertThat(AgentSpec.fromJson(spec.toJson())).isEqualTo(spec);
    }

    @Test
    void aSpecThatBreaksARuleIsBadInputWithTheRecordsMessage() {
        String json = spec(WorkloadConfig.of(1, WorkloadDefinition.parse("sequence", false))).toJson()
                .replace("\"users\" : 1", "\"users\" : 0");
        assertThatThrownBy(() -> AgentSpec.fromJson(json)).isInstanceOf(BadInputException.class)
                .hasMessage("users (0) must be between 1 and 1024");
    }
}
