package io.tunescope.workload.tpcc;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Which engines {@code run --workload tpcc} takes: H2 hosted by a tenant agent runs it; SQLite is refused up front. */
class TpccEnginesTest {
    @Test
    @Timeout(240)
    void h2HostedByItsAgentLoadsRunsAndPassesTheConsistencyConditions(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        int code = Main.execute("run", "--engine", "h2", "--workload", "tpcc", "--warehouses", "1", "--users", "2",
                "--duration", "3s", "--out", out.toString());
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        JsonNode tenant = summary.get("tenants").get(0);
        assertThat(summary.get("engineVersion").asText()).startsWith("H2");
        assertThat(tenant.get("transactions").get("tpmC").asDouble()).isPositive();
        // results.duckdb holds a row per transaction, as summary.json lists them
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:" + out.resolve("results.duckdb"));
             java.sql.Statement s = c.createStatement();
             java.sql.ResultSet rs = s.executeQuery("SELECT name, count, committed FROM tenants_transactions_transactions "
                     + "ORDER BY name")) {
            java.util.List<String> names = new java.util.ArrayList<>();
            while (rs.next()) {
                names.add(rs.getString(1));
                assertThat(rs.getLong(3)).isLessThanOrEqualTo(rs.getLong(2));
            }
            assertThat(names).containsExactlyInAnyOrderElementsOf(TpccWorkload.TRANSACTIONS);
        }
    }

    @Test
    void anEngineThatWritesOneConnectionAtATimeIsRefusedInOneLine(@TempDir Path tmp) {
        Path out = tmp.resolve("run");
        String err = stderrOf(() -> assertThat(Main.execute("run", "--engine", "jdbc", "--url",
                "jdbc:sqlite:" + tmp.resolve("x.db"), "--workload", "tpcc", "--out", out.toString()))
                .isEqualTo(ExitCode.BAD_INPUT));
        assertThat(err.strip()).doesNotContain("\n").contains("engine (sqlite) cannot run TPC-C");
        assertThat(out).doesNotExist();
        assertThat(tmp.resolve("x.db")).doesNotExist();
    }

    @Test
    void h2RunsNoOtherWorkload(@TempDir Path tmp) {
        Path out = tmp.resolve("run");
        String err = stderrOf(() -> assertThat(Main.execute("run", "--engine", "h2", "--workload", "single:Q6",
                "--out", out.toString())).isEqualTo(ExitCode.BAD_INPUT));
        assertThat(err).contains("runs --workload tpcc only");
        assertThat(out).doesNotExist();
    }

    private static String stderrOf(Runnable action) {
        PrintStream before = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(before);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
