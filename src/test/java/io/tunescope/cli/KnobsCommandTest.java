package io.tunescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KnobsCommandTest {
    @Test
    void printsACatalogAsATableOrJson() throws Exception {
        int[] code = new int[1];
        String table = UslCommandTest.stdoutOf(() -> code[0] = Main.execute("knobs", "--engine", "postgres"));
        assertThat(code[0]).isEqualTo(ExitCode.OK);
        assertThat(table).startsWith("knob ").contains("shared_buffers").containsPattern("shared_buffers +size +16..65536 +MB +128 +restart");
        String json = UslCommandTest.stdoutOf(() -> code[0] = Main.execute("knobs", "--engine", "duckdb", "--json"));
        JsonNode node = Json.MAPPER.readTree(json);
        assertThat(node.get("engine").asText()).isEqualTo("duckdb");
        assertThat(node.get("knobs").get(0).get("name").asText()).isEqualTo("threads");
        assertThat(node.get("knobs").get(0).get("apply").asText()).isEqualTo("session");
    }

    @Test
    void anEngineWithoutCatalogIsBadInput() {
        assertThat(Main.execute("knobs", "--engine", "sqlite")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("knobs", "--engine", "nosuch")).isEqualTo(ExitCode.BAD_INPUT);
    }

    @Test
    void shopKnobsPrintsTheTiersCatalogs() throws Exception {
        int[] code = new int[1];
        String table = UslCommandTest.stdoutOf(() -> code[0] = Main.execute("shop", "knobs", "--tier", "proxy"));
        assertThat(code[0]).isEqualTo(ExitCode.OK);
        assertThat(table).containsPattern("proxy_cache_size +size +0..65536 +MB +64 +restart")
                .doesNotContain("app_min_threads");
        String json = UslCommandTest.stdoutOf(() -> code[0] = Main.execute("shop", "knobs", "--json"));
        JsonNode node = Json.MAPPER.readTree(json);
        assertThat(node.get("engine").asText()).isEqualTo("shop");
        // every tier: nginx's 5, the application node's 7 and PostgreSQL's catalog less max_connections (the
        // stack sizes it to the nodes' pools)
        assertThat(node.get("knobs")).hasSize(32);
        assertThat(node.get("knobs")).extracting(k -> k.get("name").asText()).contains("proxy_workers",
                "app_pool_size", "shared_buffers").doesNotContain("max_connections");
    }
}
