package io.tunescope.workload.tpcc;

import io.tunescope.engine.SqlDialect;
import io.tunescope.workload.mix.UserTransactions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One warehouse loaded into H2 and DuckDB in this JVM, a short concurrent run, and the consistency conditions. */
class TpccEmbeddedTest {
    private static final int TRANSACTIONS_PER_USER = 150;

    @Test
    void h2LoadsRunsAndStaysConsistent() throws Exception {
        String url = "jdbc:h2:mem:tpcc" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
        loadRunAndCheck(() -> DriverManager.getConnection(url), SqlDialect.GENERIC);
    }

    @Test
    @Timeout(240)
    void duckDbLoadsRunsAndStaysConsistent(@TempDir Path tmp) throws Exception {
        try (Connection first = DriverManager.getConnection("jdbc:duckdb:" + tmp.resolve("tpcc.duckdb"))) {
            // every connection to one DuckDB database in one process comes from the first
            loadRunAndCheck(() -> ((org.duckdb.DuckDBConnection) first).duplicate(), SqlDialect.DUCKDB);
        }
    }

    @Test
    void aDatabaseWithoutTheTablesSaysSoInOneLine() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:empty" + System.nanoTime())) {
            assertThatThrownBy(() -> new TpccWorkload().forUser(1, 1, c, SqlDialect.GENERIC))
                    .isInstanceOf(SQLException.class).hasMessageStartingWith("the database has no TPC-C tables");
        }
    }

    private static void loadRunAndCheck(TpccLoader.Connections connections, SqlDialect dialect) throws Exception {
        AtomicLong progress = new AtomicLong();
        TpccLoader.Report report = new TpccLoader(connections, dialect, 2, Executors.defaultThreadFactory())
                .load(1, 42, progress::addAndGet);
        assertThat(report.rowsByTable()).containsEntry("item", 100_000L).containsEntry("stock", 100_000L)
                .containsEntry("customer", 30_000L).containsEntry("new_order", 9_000L);
        assertThat(progress.get()).isEqualTo(report.rows());
        try (Connection c = connections.open()) {
            assertThat(TpccConsistency.check(c)).isEmpty();
            assertThat(count(c, "SELECT COUNT(*) FROM customer WHERE c_last = 'BARBARBAR'")).isGreaterThanOrEqualTo(10);
        }
        Map<String, Long> outcomes = run(connections, dialect, 3);
        assertThat(outcomes.getOrDefault("NewOrder ok", 0L)).isPositive();
        assertThat(outcomes.getOrDefault("Payment ok", 0L)).isPositive();
        assertThat(outcomes.keySet()).allMatch(k -> k.endsWith(" ok") || k.contains(" 40") || k.contains(" 02000")
                || k.contains("Conflict"));
        try (Connection c = connections.open()) {
            assertThat(TpccConsistency.check(c)).isEmpty();
            breakAndCheck(c);
        }
    }

    /** Runs users concurrently; counts outcomes as "Name ok" or "Name SQLSTATE". */
    private static Map<String, Long> run(TpccLoader.Connections connections, SqlDialect dialect, int users)
            throws Exception {
        Map<String, Long> outcomes = new ConcurrentHashMap<>();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int u = 1; u <= users; u++) {
            int user = u;
            Thread t = new Thread(() -> {
                try (Connection c = connections.open();
                     UserTransactions mine = new TpccWorkload().forUser(user, 7, c, dialect)) {
                    for (int i = 0; i < TRANSACTIONS_PER_USER; i++) {
                        int index = mine.next();
                        String name = TpccWorkload.TRANSACTIONS.get(index);
                        try {
                            mine.run(index);
                            outcomes.merge(name + " ok", 1L, Long::sum);
                        } catch (SQLException e) {
                            outcomes.merge(name + " " + e.getSQLState() + " " + e.getMessage(), 1L, Long::sum);
                        }
                    }
                } catch (Exception e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(failures).isEmpty();
        return outcomes;
    }

    private static void breakAndCheck(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1");
            s.executeUpdate("DELETE FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 3 AND ol_o_id = 5 "
                    + "AND ol_number = 1");
        }
        List<TpccConsistency.Violation> violations = TpccConsistency.check(c);
        assertThat(violations).extracting(TpccConsistency.Violation::condition).containsExactly(1, 4);
        assertThat(violations.get(1).toString()).startsWith("TPC-C consistency condition 4")
                .contains("o_d_id=3");
        try (Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = 1 AND d_id = 2");
            s.executeUpdate("DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 5 AND no_o_id = "
                    + "(SELECT MAX(no_o_id) - 3 FROM new_order WHERE no_w_id = 1 AND no_d_id = 5)");
        }
        assertThat(TpccConsistency.check(c)).extracting(TpccConsistency.Violation::condition)
                .containsExactly(1, 2, 3, 4);
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
