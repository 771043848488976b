package io.tunescope.experiment;

import io.tunescope.Externals;
import io.tunescope.SecretScan;
import io.tunescope.engine.postgres.PostgresServer;
import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.engine.Processes;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** End-to-end runs through the CLI: tenants in their own processes, results on disk, bad input and faults. */
class TpchRunnerTest {
    private static JsonNode summary(Path out) throws Exception {
        return Json.MAPPER.readTree(out.resolve("summary.json").toFile());
    }

    private static List<Long> pids(JsonNode summary) {
        List<Long> pids = new ArrayList<>();
        summary.get("tenants").forEach(t -> t.get("pids").forEach(p -> pids.add(p.asLong())));
        return pids;
    }

    @Test
    void twoTenantsWithThreeUsersEachRunInTheirOwnProcesses(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        int code = Main.execute("run", "--engine", "duckdb", "--sf", "0.01", "--tenants", "2", "--users", "3",
                "--workload", "single:Q6", "--duration", "2s", "--warmup", "1", "--out", out.toString());
        assertThat(code).isEqualTo(ExitCode.OK);
        JsonNode summary = summary(out);
        assertThat(summary.get("complete").asBoolean()).isTrue();
        assertThat(summary.get("tenants")).hasSize(2);
        List<Long> pids = pids(summary);
        assertThat(pids).hasSize(2).doesNotHaveDuplicates().doesNotContain(ProcessHandle.current().pid());
        for (JsonNode tenant : summary.get("tenants")) {
            assertThat(tenant.get("throughputPerSec").asDouble()).isPositive();
            JsonNode q6 = tenant.get("queries").get(0);
            assertThat(q6.get("query").asText()).isEqualTo("Q6");
            assertThat(q6.get("count").asLong()).isEqualTo(tenant.get("executions").asLong()).isPositive();
            assertThat(q6.get("validated").isNull()).isTrue();
        }
        assertThat(out.resolve("results.duckdb")).exists();
        assertThat(out.resolve("tenants/t2/executions.csv")).exists();
        assertThat(pids).noneMatch(Processes::isRunning);
    }

    @Test
    void badInputExitsThreeWithoutStartingAnything(@TempDir Path dir) {
        String out = dir.resolve("x").toString();
        assertThat(Main.execute("run", "--engine", "oracle", "--out", out)).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--sf", "20", "--out", out)).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--sf", "0.1", "--validate", "--out", out)).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--users", "0", "--out", out)).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--workload", "single:Q99", "--out", out)).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--cpus", "0-99", "--out", out)).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--engine", "jdbc", "--out", out)).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--duration", "soon", "--out", out)).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--no-such-option")).isEqualTo(ExitCode.USAGE);
        assertThat(dir.resolve("x")).doesNotExist();
    }

    @Test
    void missingPostgresBinariesAreBadInput(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("pg");
        assertThat(Main.execute("run", "--engine", "postgres", "--pg-bin", dir.resolve("nowhere").toString(),
                "--out", out.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(summary(out).get("complete").asBoolean()).isFalse();
        assertThat(summary(out).get("failure").asText()).contains("pg-bin").contains("initdb and pg_ctl");
    }

    @Test
    void anUnreachableDatabaseIsBadInputAndTheSummaryIsStillWritten(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("down");
        int code = Main.execute("run", "--engine", "jdbc", "--url", "jdbc:postgresql://127.0.0.1:1/tpch?password=secret",
                "--out", out.toString());
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        JsonNode summary = summary(out);
        assertThat(summary.get("complete").asBoolean()).isFalse();
        assertThat(summary.get("failure").asText()).contains("cannot connect").contains("password=***")
                .doesNotContain("secret");
        assertThat(Files.readString(out.resolve("summary.json"))).doesNotContain("secret");
        assertThat(Files.readString(out.resolve("tenants/t1/agent.json"))).doesNotContain("secret");
    }

    @Test
    void failingQueriesAreCountedAndMakeTheRunExitOne(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("empty");
        int code = Main.execute("run", "--engine", "jdbc", "--url", "jdbc:duckdb:", "--workload", "single:Q3",
                "--iterations", "2", "--out", out.toString());
        assertThat(code).isEqualTo(ExitCode.FAILURE);
        JsonNode q3 = summary(out).get("tenants").get(0).get("queries").get(0);
        assertThat(q3.get("count").asLong()).isEqualTo(2);
        assertThat(q3.get("errors").asLong()).isEqualTo(2);
        assertThat(q3.get("meanMillis").isNull()).isTrue();
    }

    @Test
    void aTenantThatDiesMidRunLeavesAnIncompleteSummaryWithWhatWasMeasured(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("killed");
        List<Long> victims = new ArrayList<>();
        RunObserver killer = new RunObserver() {
            @Override
            public void measurementStarting(List<TenantProcesses> tenants, Path outDir) {
                victims.addAll(tenants.get(0).pids());
                Thread t = new Thread(() -> {
                    try {
                        Thread.sleep(2_500);
                    } catch (InterruptedException e) {
                        return;
                    }
                    ProcessHandle.of(victims.get(0)).ifPresent(ProcessHandle::destroyForcibly);
                });
                t.setDaemon(true);
                t.start();
            }
        };
        TpchRunConfig config = TpchRunConfig.builder().users(2).tenants(2)
                .workload(io.tunescope.workload.WorkloadDefinition.parse("single:Q6", false))
                .duration(java.time.Duration.ofSeconds(60)).loadThreads(2).outDir(out).build();
        java.util.Set<Long> before = ourProcesses();
        RunOutcome outcome = new TpchRunner(config, killer).run();
        // no process of ours left: the other tenant agents and anything they started are gone with the run
        assertThat(ourProcesses()).as("our processes after the run").isSubsetOf(before);
        assertThat(outcome.exitCode()).isEqualTo(ExitCode.FAILURE);
        assertThat(outcome.problem()).startsWith("tenant t1: its process (pid " + victims.get(0) + ") exited with code");
        JsonNode summary = summary(out);
        assertThat(summary.get("complete").asBoolean()).isFalse();
        // what both tenants measured before the fault is kept: the killed one's and the survivor's
        assertThat(summary.get("tenants")).hasSize(2)
                .allSatisfy(t -> assertThat(t.get("executions").asLong()).as(t.get("name").asText()).isPositive());
        assertThat(Processes.isRunning(victims.get(0))).isFalse();
    }

    /** This JVM's descendants now (the tenant agents, servers and their children a run starts). */
    static java.util.Set<Long> ourProcesses() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(java.util.stream.Collectors.toSet());
    }

    /**
     * Load once for private PostgreSQL tenants: the first run builds the prepared data directory with a server of its
     * own, the second starts only its tenants' servers, on copies, each with its own password, loads nothing, and
     * still answers every query correctly. The second run is also monitored with two users per tenant: each user's
     * backend is recorded for per-connection attribution, the server's own commits cover the executions, and every
     * server is stopped afterwards.
     */
    @Test
    void postgresTenantsStartOnCopiesOfThePreparedDataDirectoryOnTheSecondRun(@TempDir Path dir) throws Exception {
        Externals.postgres();
        Path cache = dir.resolve("cache");
        List<String> secrets = new java.util.concurrent.CopyOnWriteArrayList<>();
        int first;
        int second;
        PostgresServer.Registration registration = PostgresServer.onStart(s -> secrets.add(s.password()));
        try {
            first = Main.execute("run", "--engine", "postgres", "--sf", "0.01", "--workload", "single:Q6",
                    "--data-cache", cache.toString(), "--out", dir.resolve("first").toString());
            assertThat(secrets).as("servers of the first run: the build's and the tenant's").hasSize(2);
            second = Main.execute("run", "--engine", "postgres", "--sf", "0.01", "--validate", "--tenants", "2",
                    "--users", "2", "--monitor", "--data-cache", cache.toString(), "--out",
                    dir.resolve("second").toString());
        } finally {
            registration.close();
        }
        assertThat(first).as(summary(dir.resolve("first")).toString()).isEqualTo(ExitCode.OK);
        Path out = dir.resolve("second");
        JsonNode summary = summary(out);
        assertThat(second).as(summary.toString()).isEqualTo(ExitCode.OK);
        assertThat(secrets).as("servers of both runs: no build in the second").hasSize(4).doesNotHaveDuplicates();
        assertThat(summary.get("tenants")).hasSize(2).allSatisfy(tenant -> {
            assertThat(tenant.get("queries")).hasSize(22).allMatch(q -> q.get("validated").asBoolean());
            assertThat(tenant.get("load").get("rows").asLong()).isGreaterThan(86_000);
            assertThat(tenant.get("load").get("indexMillis").asLong()).as("keys built in the tenant").isZero();
        });
        for (JsonNode tenant : summary.get("tenants")) {
            // the server's own count of commits covers every execution the run recorded (each one commits)
            JsonNode commits = ServerCountersTest.counter(tenant.get("database"), "pg_stat_database", "xact_commit");
            assertThat(commits.get("change").asDouble()).isGreaterThanOrEqualTo(tenant.get("executions").asDouble());
            var connections = io.tunescope.store.ConnectionsCsv.read(
                    io.tunescope.store.ResultsDir.of(out).tenant(tenant.get("name").asText()).connections());
            assertThat(connections).as("each user's backend, for per-connection attribution").hasSize(2);
            assertThat(pids(summary)).contains(connections.get(1).longValue(), connections.get(2).longValue());
        }
        assertThat(pids(summary)).hasSizeGreaterThanOrEqualTo(4).noneMatch(Processes::isRunning);
        // the wiring: per connection, an execution is charged its own backend and at most the 2 parallel workers a
        // gather gets by default (Q1 gets one at this size), never another user's (equal shares counted up to 6)
        List<String> metrics = Files.readAllLines(out.resolve("monitor/query-metrics.csv"));
        int active = List.of(metrics.get(0).split(",")).indexOf("activeWorkers");
        assertThat(metrics.subList(1, metrics.size())).hasSizeGreaterThanOrEqualTo(88).allSatisfy(line -> {
            String value = line.split(",", -1)[active];
            assertThat(value.isEmpty() || Integer.parseInt(value) <= 3).as(line).isTrue();
        });
        for (String secret : secrets) {
            assertThat(SecretScan.filesContaining(dir, secret)).as("files holding a server's password").isEmpty();
        }
    }

    @Test
    void badPostgresCredentialsAreBadInput(@TempDir Path dir) throws Exception {
        PostgresBinaries binaries = Externals.postgres();
        try (var server = io.tunescope.engine.postgres.PostgresServer.start(binaries, dir.resolve("srv"), null, List.of())) {
            Path out = dir.resolve("creds");
            // PATH is set in every environment and is certainly not the instance's random password
            int code = Main.execute("run", "--engine", "jdbc", "--url", server.jdbcUrl(), "--db-user", server.user(),
                    "--password-env", "PATH", "--out", out.toString());
            assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(summary(out).get("failure").asText()).contains("password authentication failed");
            assertThat(Files.readString(out.resolve("summary.json"))).doesNotContain(System.getenv("PATH"));
        }
    }
}
