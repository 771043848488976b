package io.tunescope.workload.tpcc;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.ExecutionCsv;
import io.tunescope.store.ExecutionRecord;
import io.tunescope.store.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A private PostgreSQL restarted (fast shutdown, then a start on the same port) while TPC-C terminals run: every
 * terminal's connection is ended by the server; the terminals count the failed transactions by SQLSTATE, connect
 * again, and go on; the run completes and the consistency conditions hold.
 */
class TpccRestartTest {
    private static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(120);

    @TempDir
    Path dir;
    private PostgresServer server;
    private final ExecutorService runner = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() throws Exception {
        runner.shutdownNow();
        runner.awaitTermination(60, TimeUnit.SECONDS);
        if (server != null) {
            server.close();
            server.deleteData();
        }
    }

    @Test
    @Timeout(240)
    void terminalsReconnectAfterARestartAndTheRunCompletesConsistent() throws Exception {
        server = PostgresServer.start(Externals.postgres(), dir.resolve("srv"), null, List.of());
        Path out = dir.resolve("run");
        Future<Integer> run = runner.submit(() -> Main.execute("run", "--engine", "jdbc", "--url",
                server.jdbcUrl() + "?password=" + server.password(), "--db-user", server.user(),
                "--workload", "tpcc", "--warehouses", "1", "--users", "3", "--load", "--duration", "12s",
                "--out", out.toString()));
        Path csv = out.resolve("tenants").resolve("t1").resolve("executions.csv");
        awaitMeasuredExecutions(csv, run);

        long restartedAtMicros = System.currentTimeMillis() * 1000;
        server.restart();

        int code = run.get(180, TimeUnit.SECONDS);
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        assertThat(summary.get("complete").asBoolean()).isTrue();
        JsonNode errors = summary.get("tenants").get(0).get("transactions").get("errorsBySqlState");
        long lost = 0;
        for (Map.Entry<String, JsonNode> e : errors.properties()) {
            if (e.getKey().startsWith("08") || e.getKey().startsWith("57P")) {
                lost += e.getValue().asLong();
            }
        }
        assertThat(lost).as("failures of lost connections by SQLSTATE: %s", errors).isPositive();

        List<ExecutionRecord> executions = ExecutionCsv.readAll(csv);
        long committedAfter = executions.stream().filter(e -> e.phase() == ExecutionRecord.Phase.MEASURE
                && !e.failed() && e.startEpochMicros() > restartedAtMicros).count();
        assertThat(committedAfter).as("transactions committed after the restart").isPositive();
        List<Integer> usersAfter = new ArrayList<>(executions.stream().filter(e -> !e.failed()
                && e.startEpochMicros() > restartedAtMicros).map(ExecutionRecord::user).distinct().toList());
        assertThat(usersAfter).as("every terminal went on").containsExactlyInAnyOrder(1, 2, 3);

        try (Connection c = server.connect()) {
            assertThat(TpccConsistency.check(c)).isEmpty();
        }
    }

    /** Polls until the run has written measured executions (the load is done and the terminals run). */
    private static void awaitMeasuredExecutions(Path csv, Future<Integer> run) throws Exception {
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        while (System.nanoTime() < deadline) {
            assertThat(run.isDone()).as("the run ended before its terminals ran").isFalse();
            if (Files.exists(csv) && ExecutionCsv.readAll(csv).stream()
                    .filter(e -> e.phase() == ExecutionRecord.Phase.MEASURE && !e.failed()).count() >= 20) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no measured executions in " + csv + " within 120 s");
    }
}
