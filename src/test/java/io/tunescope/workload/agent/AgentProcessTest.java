package io.tunescope.workload.agent;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AgentProcessTest {
    @Test
    void strayOrNewerLinesDoNotBreakTheControlChannel() {
        assertThat(AgentProcess.parse("WARNING: something native")).isNull();
        assertThat(AgentProcess.parse("{not json")).isNull();
        AgentEvent newer = AgentProcess.parse("{\"event\":\"progress\",\"executions\":3,\"futureField\":1}");
        assertThat(newer).isNotNull();
        assertThat(newer).isInstanceOf(AgentEvent.Progress.class);
        assertThat(((AgentEvent.Progress) newer).executions()).isEqualTo(3);
        assertThat(AgentProcess.parse("{\"event\":\"from-the-future\",\"x\":1}")).isNull();
        assertThat(AgentProcess.parse("{\"executions\":3}")).isNull();
    }
}
