package io.tunescope.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/** An embedded DuckDB run keeps its database's settings, each compared with a fresh database's, in both outputs. */
@Timeout(180)
class DatabaseViewRunTest {
    @Test
    void duckDbRunHoldsItsSettingsWithTheThreadLimitMarkedChanged(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        int code = Main.execute("run", "--engine", "duckdb", "--sf", "0.01", "--workload", "sequence",
                "--duckdb-threads", "1", "--out", out.toString());
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(code).as("summary: %s", summary).isEqualTo(ExitCode.OK);
        JsonNode database = summary.get("tenants").get(0).get("database");
        assertThat(database).as("tenant's database view").isNotNull();
        JsonNode threads = setting(database, "threads");
        assertThat(threads.get("value").asText()).isEqualTo("1");
        int cores = Runtime.getRuntime().availableProcessors();
        // a fresh database in the agent takes every core: the run's limit differs from it exactly when cores > 1
        assertThat(threads.get("defaultValue").asText()).isEqualTo(String.valueOf(cores));
        assertThat(threads.get("changed").asBoolean()).isEqualTo(cores > 1);
        assertThat(setting(database, "default_order").get("changed").asBoolean()).isFalse();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + out.resolve("results.duckdb"));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT tenant, value, changed FROM engine_settings WHERE name = 'threads'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("t1");
            assertThat(rs.getString(2)).isEqualTo("1");
            assertThat(rs.getBoolean(3)).isEqualTo(cores > 1);
        }
        // the report shows the settings that differ from the defaults
        assertThat(Main.execute("report", out.toString())).isEqualTo(ExitCode.OK);
        String html = java.nio.file.Files.readString(out.resolve("report.html"));
        assertThat(html).contains("The database's own view").contains("Tenant t1")
                .contains("settings differ from the defaults");
        if (cores > 1) {
            assertThat(html).contains("<td>threads</td>");
        }
    }

    static JsonNode setting(JsonNode database, String name) {
        for (JsonNode s : database.get("settings")) {
            if (s.get("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no setting " + name + " in " + database.get("settings"));
    }
}
