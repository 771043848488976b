package io.tunescope.experiment;

import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.workload.agent.AgentSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** What the controller writes for an agent: the run's records, never a password. */
class AgentSpecSecretsTest {
    @Test
    void theAgentSpecHoldsTheRunsRecordsAndNoSecret() throws Exception {
        String url = "jdbc:postgresql://bench:hunter1@127.0.0.1:5432/tpch?password=hunter2";
        TpchRunConfig config = TpchRunConfig.builder().engine(Engines.byId("jdbc")).url(url).dbUser("bench")
                .passwordEnv("PGPASS").users(2).duration(Duration.ofSeconds(30)).outDir(Path.of("runs", "x")).build();
        AgentSpec spec = TpchRunner.agentSpec(config, "t1", Path.of("runs", "x", "t1.csv"), url, "bench", null);
        String json = spec.toJson();
        assertThat(json).doesNotContain("hunter1").doesNotContain("hunter2").doesNotContain("PGPASS")
                .contains("\"duration\" : \"PT30S\"");
        assertThat(spec.jdbcUrl()).isEqualTo("jdbc:postgresql://bench:***@127.0.0.1:5432/tpch?password=***");
        assertThat(spec.workload()).isSameAs(config.workload());
        assertThat(spec.data()).isSameAs(config.data());
        assertThat(AgentSpec.fromJson(json)).isEqualTo(spec);
    }
}
