package io.tunescope.monitor;

import io.tunescope.Externals;
import io.tunescope.engine.Engines;
import io.tunescope.engine.postgres.PostgresServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two users of one private PostgreSQL: one runs a parallel scan, the other sleeps in {@code pg_sleep} inside the
 * scan's window. Per connection, the heavy execution is charged its backend and its parallel workers (found by
 * their titles) and the light one almost nothing; by equal share the light one would be charged half the
 * tenant's activity in its window.
 */
class PostgresConnectionAttributionTest {
    private static final List<String> PARALLEL = List.of("max_parallel_workers_per_gather = 2",
            "parallel_setup_cost = 0", "parallel_tuple_cost = 0", "min_parallel_table_scan_size = 0");
    private static final String HEAVY = "SELECT count(*) FROM t WHERE md5(md5(md5(x::text))) < 'f'";

    @Test
    void anExecutionIsChargedItsOwnBackendAndWorkers(@TempDir Path dir) throws Exception {
        Externals.linuxProc();
        try (PostgresServer server = PostgresServer.start(Externals.postgres(), dir, null, PARALLEL);
             Connection heavy = connect(server);
             Connection light = connect(server);
             Connection observer = connect(server)) {
            createTableLastingAtLeast(heavy, Duration.ofMillis(1500));
            int heavyPid = backendPid(heavy);
            int lightPid = backendPid(light);
            ThreadMonitor monitor = ThreadMonitor.start(List.of(new MonitoredProcess("pg", (int) server.pid(), true,
                    Engines.byId("postgres").threadRoles())), MonitorOptions.defaults(Duration.ofMillis(8))
                    .withRescanEvery(1));
            long[] heavyWindow = new long[2];
            long[] lightWindow = new long[2];
            CompletableFuture<Void> scan = CompletableFuture.runAsync(() -> run(heavy, HEAVY, heavyWindow));
            // the sleeper starts once the scan's parallel workers run (seen by the server), not after a fixed pause
            Set<Integer> workersSeenByServer = workersOf(observer, heavyPid);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (workersSeenByServer.isEmpty() && System.nanoTime() < deadline && !scan.isDone()) {
                Thread.sleep(10);
                workersSeenByServer = workersOf(observer, heavyPid);
            }
            run(light, "SELECT pg_sleep(0.4)", lightWindow);
            scan.join();
            Thread.sleep(100); // a counter tick after the end
            try (Recording r = monitor.stop()) {
                assertThat(heavyWindow[1]).as("the scan outlasts the sleep, so the windows overlap")
                        .isGreaterThan(lightWindow[1]);
                assertThat(r.threads()).as("a parallel worker seen and tied to its leader by its title")
                        .anyMatch(t -> t.group().equals("pg-parallel-worker") && t.connectionPid() == heavyPid);
                assertThat(workersSeenByServer).as("pg_stat_activity's leader_pid agrees with the titles")
                        .isNotEmpty().allMatch(pid -> r.threads().stream()
                                .anyMatch(t -> t.pid() == pid && t.connectionPid() == heavyPid));
                List<Execution> own = List.of(
                        new Execution("pg", 1, "heavy", heavyWindow[0], heavyWindow[1], heavyPid),
                        new Execution("pg", 2, "light", lightWindow[0], lightWindow[1], lightPid));
                List<QueryMetrics> perConnection = QueryMetricsCalculator.attributeAll(r, own);
                List<QueryMetrics> equalShare = QueryMetricsCalculator.attributeAll(r, own.stream()
                        .map(e -> new Execution(e.tenant(), e.user(), e.query(), e.startNanos(), e.endNanos()))
                        .toList());
                QueryMetrics h = perConnection.get(0);
                QueryMetrics l = perConnection.get(1);
                System.out.printf("per connection: heavy %.1f ms CPU, %d active; light %.1f ms, %d active. equal "
                                + "share: heavy %.1f ms, light %.1f ms%n", h.workerCpuMillis(), h.activeWorkers(),
                        l.workerCpuMillis(), l.activeWorkers(), equalShare.get(0).workerCpuMillis(),
                        equalShare.get(1).workerCpuMillis());
                assertThat(h.activeWorkers()).as("backend and at least one worker").isGreaterThanOrEqualTo(2);
                assertThat(l.activeWorkers()).isLessThanOrEqualTo(1);
                assertThat(h.workerCpuMillis()).isGreaterThan(100.0)
                        .isGreaterThan(10 * Math.max(1.0, l.workerCpuMillis()));
                // the sleeper's share of the scan grows with its window, not with the scan's length: compare it
                // with what the sleeper is charged per connection, not with the scan
                assertThat(equalShare.get(1).workerCpuMillis()).as("equal share charges the sleeper the scan's CPU")
                        .isGreaterThan(10 * Math.max(1.0, l.workerCpuMillis()));
            }
        }
    }

    /**
     * The scan's table, grown until the scan alone takes {@code least}: the sleeper's window (from when the workers run, 400 ms long)
     * must lie inside the scan's on a fast, idle machine as on a slow, loaded one.
     */
    private static void createTableLastingAtLeast(Connection c, Duration least) throws Exception {
        long rows = 600_000;
        for (int attempt = 0; attempt < 4; attempt++) {
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS t");
                s.execute("CREATE TABLE t AS SELECT g AS x FROM generate_series(1, " + rows + ") g");
                s.execute("ANALYZE t");
            }
            long[] window = new long[2];
            run(c, HEAVY, window);
            long tookNanos = window[1] - window[0];
            if (tookNanos >= least.toNanos()) {
                return;
            }
            rows = Math.min(50_000_000, (long) (rows * 1.5 * least.toNanos() / Math.max(1, tookNanos)));
        }
    }

    private static Connection connect(PostgresServer server) throws Exception {
        return DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
    }

    private static int backendPid(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** The parallel workers PostgreSQL itself says serve {@code leader} now. */
    private static Set<Integer> workersOf(Connection c, int leader) throws Exception {
        Set<Integer> out = new TreeSet<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pid FROM pg_stat_activity "
                + "WHERE leader_pid = " + leader + " AND pid <> " + leader)) {
            while (rs.next()) {
                out.add(rs.getInt(1));
            }
        }
        return out;
    }

    private static void run(Connection c, String sql, long[] window) {
        try (Statement s = c.createStatement()) {
            window[0] = System.nanoTime();
            try (ResultSet rs = s.executeQuery(sql)) {
                rs.next();
            }
            window[1] = System.nanoTime();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
