package io.tunescope.workload.agent;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class AgentEventTest {
    /** One event of every kind, with every component set (and, where one may be absent, once without it). */
    private static final List<AgentEvent> SAMPLES = List.of(
            new AgentEvent.Hello(4242),
            new AgentEvent.LoadProgress(60_175, 86_805),
            new AgentEvent.Ready("v1.1.3", List.of(101L, 102L), 1_200L, 300L, 86_805L),
            new AgentEvent.Ready("PostgreSQL 15.8", null, null, null, null),
            new AgentEvent.Progress(12, 1),
            new AgentEvent.Validation("Q6", false, "row 1: 123.45 != 123.46"),
            new AgentEvent.Validation("Q1", true, null),
            new AgentEvent.Done(40, 2, 1_000_000L, 61_000_000_000L, null),
            new AgentEvent.Done(3, 0, 5L, 9L, "fatal: connection lost"),
            new AgentEvent.Done(900, 9, 5L, 9L, null, AgentEvent.Done.PASSED),
            new AgentEvent.Done(900, 9, 5L, 9L, "TPC-C consistency condition 1 (W_YTD) fails at w_id=1",
                    "TPC-C consistency condition 1 (W_YTD) fails at w_id=1"),
            new AgentEvent.DatabaseReading(AgentEvent.Moment.BEFORE, new io.tunescope.store.EngineReading(
                    "2026-12-02T05:00:00Z", List.of(new io.tunescope.store.EngineSetting("work_mem", "4096", "kB",
                    "default", "4096", false)), List.of(new io.tunescope.store.EngineReading.Counter(
                    "pg_stat_database", "xact_commit", "12")), List.of("pg_stat_statements is not loaded"))),
            new AgentEvent.Failed("cannot connect to jdbc:postgresql://localhost/x: password authentication failed"));

    @Test
    void everyKindSurvivesTheControlChannelAsOneLine() {
        for (AgentEvent event : SAMPLES) {
            String line = EventChannel.line(event);
            assertThat(line).as(line).doesNotContain("\n").startsWith("{");
            assertThat(AgentProcess.parse(line)).as(line).isEqualTo(event);
        }
    }

    @Test
    void theSamplesCoverEveryPermittedKindAndEachKindHasItsOwnName() {
        assertThat(SAMPLES.stream().map(Object::getClass).distinct())
                .containsExactlyInAnyOrder(AgentEvent.class.getPermittedSubclasses());
        Map<Class<?>, String> names = Arrays.stream(AgentEvent.class.getAnnotation(JsonSubTypes.class).value())
                .collect(Collectors.toMap(JsonSubTypes.Type::value, JsonSubTypes.Type::name));
        assertThat(names.keySet()).containsExactlyInAnyOrder(AgentEvent.class.getPermittedSubclasses());
        assertThat(names.values()).doesNotHaveDuplicates();
    }

    @Test
    void theKindTravelsInTheEventPropertyAndAbsentValuesAreLeftOut() throws Exception {
        JsonNode ready = Json.MAPPER.readTree(EventChannel.line(new AgentEvent.Ready("v", null, null, null, 5L)));
        assertThat(ready.get("event").asText()).isEqualTo("ready");
        assertThat(ready.has("backendPids")).isFalse();
        assertThat(ready.get("rows").asLong()).isEqualTo(5);
        assertThat(Json.MAPPER.readTree(EventChannel.line(new AgentEvent.LoadProgress(1, 2))).get("event").asText())
                .isEqualTo("load");
    }
}
