package io.tunescope.workload.file;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The example workload files against a private PostgreSQL, set up by --load, text parameters bound untyped. */
class FileWorkloadLiveTest {
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

    private static JsonNode run(Path out, String... args) throws Exception {
        List<String> argv = new java.util.ArrayList<>(List.of("run", "--engine", "jdbc", "--url",
                server.jdbcUrl() + "?password=" + server.password(), "--db-user", server.user(), "--load",
                "--out", out.toString()));
        argv.addAll(List.of(args));
        int code = Main.execute(argv.toArray(String[]::new));
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        return summary;
    }

    @Test
    @Timeout(300)
    void ordersRunsWithCsvTextSamplesAndPhases(@TempDir Path tmp) throws Exception {
        JsonNode summary = run(tmp.resolve("orders"), "--workload", "file:examples/workloads/orders.yaml",
                "--users", "8");
        JsonNode mix = summary.get("tenants").get(0).get("transactions").get("transactions");
        for (JsonNode t : mix) {
            assertThat(t.get("committed").asLong()).as(t.toString()).isPositive();
            assertThat(t.get("errorsBySqlState").size()).as(t.toString()).isZero();
        }
    }

    @Test
    @Timeout(300)
    void keyValueSetsUpAgainAndRuns(@TempDir Path tmp) throws Exception {
        for (String name : List.of("a", "b")) {
            // the set-up drops its table first: a second load on the same database starts afresh
            JsonNode summary = run(tmp.resolve(name), "--workload", "file:examples/workloads/key-value.yaml",
                    "--users", "2", "--iterations", "50");
            assertThat(summary.get("tenants").get(0).get("errors").asLong()).isZero();
            assertThat(summary.get("tenants").get(0).get("executions").asLong()).isEqualTo(100);
        }
    }
}
