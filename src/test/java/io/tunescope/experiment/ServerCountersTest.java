package io.tunescope.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.Progress;
import io.tunescope.SecretScan;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.engine.Engines;
import io.tunescope.engine.mariadb.MariaDbServer;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.store.Json;
import io.tunescope.store.SecretMask;
import io.tunescope.workload.WorkloadDefinition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run against PostgreSQL and MariaDB keeps the server's settings and its counters before and after the users, the
 * counters agreeing with what the run recorded; secrets planted in the server's settings reach no output. Each server
 * is started by the test itself, outside the results directory, so its own configuration file (which holds the
 * planted secrets as given) is not an output.
 */
@Timeout(300)
class ServerCountersTest {
    @Test
    void postgresRunHoldsSettingsAndCountersThatCoverItsExecutions(@TempDir Path dir) throws Exception {
        String named = "named-" + UUID.randomUUID();
        String inConnection = "conn-" + UUID.randomUUID();
        String custom = "custom-" + UUID.randomUUID();
        // a passphrase command is used only with ssl on, a replica's connection only on a standby: both inert here;
        // a custom setting (a placeholder) is not listed in pg_settings, and must not leak either
        try (PostgresServer server = PostgresServer.start(Externals.postgres(), dir.resolve("srv"), null,
                List.of("ssl_passphrase_command = 'echo " + named + "'",
                        "primary_conninfo = 'host=127.0.0.1 user=replicator password=" + inConnection + "'",
                        "tunescope.secret_password = '" + custom + "'",
                        "shared_preload_libraries = 'pg_stat_statements'"))) {
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE EXTENSION pg_stat_statements");
            }
            Path out = dir.resolve("run");
            RunOutcome outcome = run(server.jdbcUrl(), server.user(), server.password(), out);
            JsonNode tenant = tenant(out, outcome);
            JsonNode database = tenant.get("database");
            assertThat(DatabaseViewRunTest.setting(database, "ssl_passphrase_command").get("value").asText())
                    .isEqualTo(SecretMask.MASK);
            assertThat(DatabaseViewRunTest.setting(database, "primary_conninfo").get("value").asText())
                    .isEqualTo(SecretMask.MASK);
            JsonNode workMem = DatabaseViewRunTest.setting(database, "work_mem");
            assertThat(workMem.get("unit").asText()).isEqualTo("kB");
            assertThat(workMem.get("source").asText()).isEqualTo("default");
            // every measured execution is a committed transaction of its own (autocommit), besides the warm-up's
            JsonNode commits = counter(database, "pg_stat_database", "xact_commit");
            assertThat(commits.get("change").asDouble()).isGreaterThanOrEqualTo(tenant.get("executions").asDouble());
            assertThat(commits.get("after").asLong()).isGreaterThan(commits.get("before").asLong());
            assertThat(counter(database, "pg_stat_bgwriter", "buffers_alloc")).isNotNull();
            // the statement the users ran is among the most called ones, with at least their calls
            // (its change is there only when the reading before listed every statement, which the load's many
            // statements may prevent; its calls after are there in any case)
            long mostCalls = 0;
            for (JsonNode c : database.get("counters")) {
                if (c.get("view").asText().equals("pg_stat_statements") && c.get("name").asText().endsWith(".calls")) {
                    mostCalls = Math.max(mostCalls, c.get("after").asLong());
                }
            }
            assertThat(mostCalls).isGreaterThanOrEqualTo(tenant.get("executions").asLong());
            assertThat(counter(database, "pg_stat_statements", "entries").get("after").asLong())
                    .isGreaterThanOrEqualTo(counter(database, "pg_stat_statements", "entries_listed").get("after")
                            .asLong()).isPositive();
            assertThat(String.valueOf(database.get("notes"))).doesNotContain("pg_stat_statements");
            assertThat(inDatabase(out, "pg_stat_database", "xact_commit"))
                    .isEqualTo(commits.get("change").asDouble());
            assertNowhere(dir, out, named, inConnection, custom, server.password());
        }
    }

    @Test
    void mariaDbRunHoldsVariablesAndStatusThatCoverItsExecutions(@TempDir Path dir) throws Exception {
        String reported = "reported-" + UUID.randomUUID();
        try (MariaDbServer server = MariaDbServer.start(Externals.mariadb(), dir.resolve("srv"), null,
                List.of("report_password = " + reported))) {
            Path out = dir.resolve("run");
            RunOutcome outcome = run(server.jdbcUrl(), server.user(), server.password(), out);
            JsonNode tenant = tenant(out, outcome);
            JsonNode database = tenant.get("database");
            JsonNode planted = DatabaseViewRunTest.setting(database, "report_password");
            assertThat(planted.get("value").asText()).isEqualTo(SecretMask.MASK);
            assertThat(planted.get("source").asText()).isEqualTo("CONFIG");
            assertThat(planted.get("changed").asBoolean()).isTrue();
            // every measured execution is one SELECT the server counted, besides the warm-up's and the readings'
            JsonNode selects = counter(database, "global_status", "Com_select");
            assertThat(selects.get("change").asDouble()).isGreaterThanOrEqualTo(tenant.get("executions").asDouble());
            assertThat(counter(database, "global_status", "Innodb_buffer_pool_read_requests").get("change").asDouble()).isPositive();
            assertThat(inDatabase(out, "global_status", "Com_select")).isEqualTo(selects.get("change").asDouble());
            assertNowhere(dir, out, reported, server.password());
        }
    }

    private static RunOutcome run(String url, String user, String password, Path out) throws Exception {
        TpchRunConfig config = TpchRunConfig.builder().engine(Engines.byId("jdbc")).url(url).dbUser(user).load(true)
                .workload(WorkloadDefinition.parse("single:Q6", false)).iterations(5).warmupIterations(1)
                .loadThreads(2).outDir(out).build();
        return new TpchRunner(config, RunObserver.NONE, Progress.NONE, password).run();
    }

    private static JsonNode tenant(Path out, RunOutcome outcome) throws Exception {
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(outcome.exitCode()).as("summary: %s", summary).isEqualTo(ExitCode.OK);
        JsonNode tenant = summary.get("tenants").get(0);
        assertThat(tenant.get("executions").asLong()).isEqualTo(5);
        assertThat(tenant.get("database")).as("the database's view").isNotNull();
        return tenant;
    }

    static JsonNode counter(JsonNode database, String view, String name) {
        for (JsonNode c : database.get("counters")) {
            if (c.get("view").asText().equals(view) && c.get("name").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no counter " + view + "." + name);
    }

    private static double inDatabase(Path out, String view, String name) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + out.resolve("results.duckdb"));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT change FROM engine_counters WHERE tenant = 't1' AND view = '"
                     + view + "' AND name = '" + name + "'")) {
            assertThat(rs.next()).as("%s.%s in engine_counters", view, name).isTrue();
            return rs.getDouble(1);
        }
    }

    /** No secret in the results directory, its results database, or its exports (CSV and Parquet). */
    private static void assertNowhere(Path dir, Path out, String... secrets) throws Exception {
        assertThat(Main.execute("export", out.toString(), "--format", "csv", "--out", dir.resolve("csv").toString()))
                .isEqualTo(ExitCode.OK);
        assertThat(Main.execute("export", out.toString(), "--format", "parquet", "--out",
                dir.resolve("parquet").toString())).isEqualTo(ExitCode.OK);
        for (String secret : secrets) {
            for (Path where : List.of(out, dir.resolve("csv"), dir.resolve("parquet"))) {
                assertThat(SecretScan.filesContaining(where, secret)).as("files under %s holding a secret", where)
                        .isEmpty();
            }
        }
    }
}
