package io.tunescope.workload.tpcc;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/** TPC-C through {@code run} on a private PostgreSQL: load, a short run, its results and the consistency check. */
class TpccLiveTest {
    @TempDir
    static Path dir;
    static PostgresServer server;

    @BeforeAll
    static void start() throws Exception {
        server = PostgresServer.start(Externals.postgres(), dir.resolve("srv"), null, List.of());
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
            server.deleteData();
        }
    }

    private static int run(Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--engine", "jdbc", "--url",
                server.jdbcUrl() + "?password=" + server.password(), "--db-user", server.user(),
                "--workload", "tpcc", "--warehouses", "1", "--users", "2", "--out", out.toString()));
        args.addAll(List.of(more));
        return Main.execute(args.toArray(String[]::new));
    }

    @Test
    void loadsRunsReportsTpmCAndFailsARunOnABrokenTable(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        int code = run(out, "--load", "--duration", "3s");
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        assertThat(summary.get("config").get("warehouses").asInt()).isEqualTo(1);
        JsonNode mix = summary.get("tenants").get(0).get("transactions");
        assertThat(mix.get("tpmC").asDouble()).isPositive();
        assertThat(mix.get("transactions")).extracting(t -> t.get("name").asText())
                .containsExactlyElementsOf(TpccWorkload.TRANSACTIONS);
        assertThat(mix.get("transactions").get(0).get("p90Millis").asDouble()).isPositive();

        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1");
        }
        Path broken = tmp.resolve("broken");
        java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
        java.io.PrintStream before = System.out;
        System.setOut(new java.io.PrintStream(console, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            assertThat(run(broken, "--no-load", "--iterations", "2")).isEqualTo(ExitCode.FAILURE);
        } finally {
            System.setOut(before);
        }
        JsonNode failed = Json.MAPPER.readTree(Files.readString(broken.resolve("summary.json")));
        assertThat(failed.get("failure").asText()).contains("TPC-C consistency condition 1");
        assertThat(failed.at("/tenants/0/transactions/consistency").asText())
                .startsWith("TPC-C consistency condition 1");
        assertThat(console.toString(java.nio.charset.StandardCharsets.UTF_8))
                .contains("TPC-C consistency conditions 1-4: FAILED: TPC-C consistency condition 1");
    }

    @Test
    void aPrivateServersSecondRunStartsOnACopyOfThePreparedDataDirectory(@TempDir Path tmp) throws Exception {
        Path cache = tmp.resolve("cache");
        JsonNode first = privateRun(cache, tmp.resolve("one"));
        Path prepared = onlyPrepared(cache);
        Path manifestFile = prepared.resolveSibling(prepared.getFileName() + ".json");
        String manifest = Files.readString(manifestFile);
        JsonNode rows = Json.MAPPER.readTree(manifest).get("rowsByTable");
        assertThat(rows.get("new_order").asLong()).isEqualTo(9_000L);

        // the first run's New-Orders changed its tenant's copy: the prepared directory is as it was built
        JsonNode second = privateRun(cache, tmp.resolve("two"));
        assertThat(onlyPrepared(cache)).isEqualTo(prepared);
        assertThat(Files.readString(manifestFile)).as("not built again").isEqualTo(manifest);
        for (JsonNode run : List.of(first, second)) {
            JsonNode load = run.at("/tenants/0/load");
            // a tenant started on a copy loads nothing itself: no keys or indexes built
            assertThat(load.get("rows").asLong()).isEqualTo(Json.MAPPER.readTree(manifest).get("rowsByTable")
                    .properties().stream().mapToLong(e -> e.getValue().asLong()).sum());
            assertThat(load.get("indexMillis").asLong()).isZero();
            assertThat(run.at("/tenants/0/transactions/consistency").asText()).isEqualTo("passed");
            assertThat(run.at("/tenants/0/transactions/tpmC").asDouble()).isPositive();
        }
    }

    private static JsonNode privateRun(Path cache, Path out) throws Exception {
        int code = Main.execute("run", "--engine", "postgres", "--pg-bin", Externals.postgres().binDir().toString(),
                "--workload", "tpcc", "--warehouses", "1", "--users", "2", "--duration", "2s", "--load",
                "--data-cache", cache.toString(), "--out", out.toString());
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        return summary;
    }

    private static Path onlyPrepared(Path cache) throws Exception {
        try (java.util.stream.Stream<Path> files = Files.list(cache.resolve("tpcc"))) {
            List<Path> dirs = files.filter(f -> f.toString().endsWith(".pgdata")).toList();
            assertThat(dirs).hasSize(1);
            return dirs.get(0);
        }
    }

    @Test
    void warehousesAreCheckedBeforeAnythingStarts(@TempDir Path tmp) {
        assertThat(Main.execute("run", "--engine", "jdbc", "--url", "jdbc:postgresql://127.0.0.1:1/none",
                "--workload", "tpcc", "--warehouses", "0", "--out", tmp.resolve("a").toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--engine", "jdbc", "--url", "jdbc:postgresql://127.0.0.1:1/none",
                "--workload", "single:Q6", "--warehouses", "2", "--out", tmp.resolve("b").toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Files.exists(tmp.resolve("a"))).isFalse();
    }

    private static Connection connect() throws Exception {
        Properties p = new Properties();
        p.setProperty("user", server.user());
        p.setProperty("password", server.password());
        return DriverManager.getConnection(server.jdbcUrl(), p);
    }
}
