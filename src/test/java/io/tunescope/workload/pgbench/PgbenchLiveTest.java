package io.tunescope.workload.pgbench;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.engine.SqlDialect;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.Json;
import io.tunescope.workload.mix.UserTransactions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** pgbench scripts against a private PostgreSQL at scale 1. */
class PgbenchLiveTest {
    @TempDir
    static Path dir;
    static PostgresServer server;

    @BeforeAll
    static void start() throws Exception {
        server = PostgresServer.start(Externals.postgres(), dir.resolve("srv"), null, List.of());
        try (Connection c = connect()) {
            PgbenchLoader.load(c, SqlDialect.POSTGRES, 1, 90, rows -> { });
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
            server.deleteData();
        }
    }

    static Connection connect() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", server.user());
        p.setProperty("password", server.password());
        return DriverManager.getConnection(server.jdbcUrl(), p);
    }

    private static long query(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void standardInitializationAtScaleOne() throws Exception {
        try (Connection c = connect()) {
            assertThat(query(c, "SELECT count(*) FROM pgbench_accounts")).isEqualTo(100_000);
            assertThat(query(c, "SELECT count(*) FROM pgbench_tellers")).isEqualTo(10);
            assertThat(query(c, "SELECT count(*) FROM pgbench_branches")).isEqualTo(1);
            assertThat(query(c, "SELECT max(bid) FROM pgbench_accounts")).isEqualTo(1);
            assertThat(query(c, "SELECT count(*) FROM pg_class WHERE relname = 'pgbench_accounts' "
                    + "AND reloptions::text LIKE '%fillfactor=90%'")).isEqualTo(1);
            assertThat(query(c, "SELECT count(*) FROM pg_indexes WHERE indexname = 'pgbench_accounts_pkey'"))
                    .isEqualTo(1);
            assertThat(PgbenchWorkload.scale(c)).isEqualTo(1);
        }
    }

    @Test
    void variablesTravelAsParametersAndMetaCommandsRun() throws Exception {
        String script = """
                \\set n 41
                SELECT :n + 1 AS answer, 'it''s' || ' :n' AS quoted, 'a''b' AS text \\gset
                \\if :answer = 42
                  SELECT :text AS echoed \\gset r_
                \\else
                  SELECT 1/0;
                \\endif
                SELECT :client_id AS who \\; SELECT :scale AS s \\aset
                \\sleep 1 us
                """;
        PgbenchWorkload workload = new PgbenchWorkload(List.of(new ScriptSource("t", "t.sql", script, 1)));
        try (Connection c = connect(); UserTransactions user = workload.forUser(3, 7, c, SqlDialect.POSTGRES)) {
            assertThat(user.run(user.next())).isEqualTo(4);
            ScriptRunner runner = (ScriptRunner) user;
            assertThat(runner.variable("answer")).isEqualTo("42");
            assertThat(runner.variable("quoted")).as("a variable inside quotes is text, not a parameter")
                    .isEqualTo("it's :n");
            assertThat(runner.variable("r_echoed")).as("text with a quote bound, not spliced").isEqualTo("a'b");
            assertThat(runner.variable("who")).isEqualTo("2");
            assertThat(runner.variable("s")).isEqualTo("1");
        }
    }

    @Test
    void aFailedTransactionIsRolledBackWithItsSqlState() throws Exception {
        String script = """
                BEGIN;
                UPDATE pgbench_branches SET bbalance = bbalance + 1000000 WHERE bid = 1;
                SELECT 1 / (:client_id - 4);
                END;
                """;
        PgbenchWorkload workload = new PgbenchWorkload(List.of(new ScriptSource("t", "t.sql", script, 1)));
        try (Connection c = connect(); UserTransactions user = workload.forUser(5, 1, c, SqlDialect.POSTGRES)) {
            long before = query(c, "SELECT bbalance FROM pgbench_branches WHERE bid = 1");
            assertThatThrownBy(() -> user.run(0)).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("22012"));
            assertThat(query(c, "SELECT bbalance FROM pgbench_branches WHERE bid = 1")).isEqualTo(before);
        }
    }

    @Test
    void runWritesResultsPerTransaction(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        int code = Main.execute("run", "--engine", "jdbc", "--url", server.jdbcUrl() + "?password="
                + server.password(), "--db-user", server.user(), "--workload",
                "pgbench:tpcb-like@2,../../examples/workloads/pgbench-hot-accounts.sql".replace("../../",
                        Path.of("").toAbsolutePath() + "/"),
                "--users", "2", "--iterations", "30", "--out", out.toString());
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        JsonNode tenant = summary.get("tenants").get(0);
        assertThat(tenant.get("executions").asLong()).isEqualTo(60);
        assertThat(tenant.get("errors").asLong()).isZero();
        assertThat(tenant.get("queries")).extracting(q -> q.get("query").asText())
                .containsExactlyInAnyOrder("tpcb-like", "pgbench-hot-accounts.sql");
        assertThat(Files.readString(out.resolve("tenants/t1/executions.csv"))).contains(",tpcb-like,MEASURE,");
        List<String> stored = new java.util.ArrayList<>();
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:" + out.resolve("results.duckdb"));
             Statement s = db.createStatement();
             ResultSet rs = s.executeQuery("SELECT DISTINCT query FROM executions ORDER BY query")) {
            while (rs.next()) {
                stored.add(rs.getString(1));
            }
        }
        assertThat(stored).containsExactly("pgbench-hot-accounts.sql", "tpcb-like");
    }

    @Test
    void openLoadSchedulesArrivalsAndCountsFromTheSchedule(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("open");
        int code = Main.execute("run", "--engine", "jdbc", "--url", server.jdbcUrl() + "?password="
                + server.password(), "--db-user", server.user(), "--workload", "pgbench:select-only",
                "--users", "2", "--rate", "100", "--duration", "2s", "--out", out.toString());
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        assertThat(summary.get("config").get("ratePerSec").asDouble()).isEqualTo(100.0);
        List<String> lines = Files.readAllLines(out.resolve("tenants/t1/executions.csv"));
        assertThat(lines).hasSizeGreaterThan(1);
        // each user's scheduled starts only move forward, and no execution starts before its schedule: the
        // recorded start is the schedule, and the response time runs from there
        for (String user : List.of("1", "2")) {
            List<Long> starts = lines.subList(1, lines.size()).stream().map(l -> l.split(","))
                    .filter(f -> f[1].equals(user)).map(f -> Long.parseLong(f[6])).toList();
            assertThat(starts).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void rateIsCheckedAndAppliesToTransactionsOnly(@TempDir Path tmp) {
        assertThat(Main.execute("run", "--engine", "jdbc", "--url", "jdbc:postgresql://127.0.0.1:1/none",
                "--workload", "pgbench:select-only", "--rate", "0", "--out", tmp.resolve("a").toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--engine", "jdbc", "--url", "jdbc:postgresql://127.0.0.1:1/none",
                "--workload", "single:Q6", "--rate", "10", "--out", tmp.resolve("b").toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
    }

    @Test
    void aBadScriptIsBadInputBeforeAnyConnection(@TempDir Path tmp) throws Exception {
        Path script = tmp.resolve("bad.sql");
        Files.writeString(script, "\\set aid random(1, 10)\nSELECT :aid;\n\\setrandom x 1 2\n");
        // the URL names no server: had the run tried to connect, it would fail with a connection error instead
        int code = Main.execute("run", "--engine", "jdbc", "--url", "jdbc:postgresql://127.0.0.1:1/none",
                "--workload", "pgbench:" + script, "--out", tmp.resolve("out").toString());
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Files.exists(tmp.resolve("out"))).as("nothing started, nothing written").isFalse();
    }
}
