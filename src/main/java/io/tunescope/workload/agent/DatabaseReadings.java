package io.tunescope.workload.agent;

import io.tunescope.engine.view.EngineView;
import io.tunescope.store.EngineReading;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * The tenant database's own view, read on a connection of its own beside the users': settings once, counters before
 * and after the users. Reading never fails the run: a database that cannot be read gives a reading with a note.
 */
final class DatabaseReadings {
    /** How long the counters after the run wait for the users' PostgreSQL backends to end (and report their work). */
    private static final long BACKENDS_GONE_MILLIS = 5_000;
    private static final long POLL_MILLIS = 20;

    private DatabaseReadings() {
    }

    static EngineReading settings(TenantDatabase database) {
        try (Connection c = database.newConnection()) {
            return EngineView.readSettings(c);
        } catch (SQLException | RuntimeException e) {
            return unread("settings", e);
        }
    }

    static EngineReading counters(TenantDatabase database) {
        try (Connection c = database.newConnection()) {
            return EngineView.readCounters(c);
        } catch (SQLException | RuntimeException e) {
            return unread("counters", e);
        }
    }

    /**
     * The counters after the users: their connections are closed first and, on PostgreSQL, their backends
     * ({@code backendPids}, when known) awaited, because a backend reports its transactions to the statistics only
     * when idle for a while or when it ends.
     */
    static EngineReading countersAfter(TenantDatabase database, List<Connection> users, List<Long> backendPids)
            throws InterruptedException {
        for (Connection user : users) {
            try {
                user.close();
            } catch (SQLException e) {
                // a connection the server already dropped: nothing left to close
            }
        }
        try (Connection c = database.newConnection()) {
            if (!backendPids.isEmpty() && c.getMetaData().getDatabaseProductName().contains("PostgreSQL")) {
                awaitBackendsGone(c, backendPids);
            }
            return EngineView.readCounters(c);
        } catch (SQLException | RuntimeException e) {
            return unread("counters", e);
        }
    }

    private static void awaitBackendsGone(Connection c, List<Long> pids) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + BACKENDS_GONE_MILLIS * 1_000_000;
        Array array = c.createArrayOf("int4", pids.stream().map(Long::intValue).toArray());
        try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(?)")) {
            s.setArray(1, array);
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next() && rs.getLong(1) == 0) {
                        return;
                    }
                }
                Thread.sleep(POLL_MILLIS);
            }
        }
    }

    private static EngineReading unread(String what, Exception e) {
        return new EngineReading(Instant.now().toString(), List.of(), List.of(),
                List.of(what + " not read: " + EngineView.oneLine(e)));
    }
}
