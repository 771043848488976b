package io.tunescope.store.study;

import io.tunescope.Externals;
import io.tunescope.engine.postgres.PostgresServer;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A private PostgreSQL instance for study-store tests (skipped, or failed in CI, when PostgreSQL is missing). */
public final class StudyServers {
    private StudyServers() {
    }

    public static PostgresServer start(Path dir) throws Exception {
        return PostgresServer.start(Externals.postgres(), dir, null, List.of("fsync = on", "synchronous_commit = on"));
    }

    public static Connection connect(PostgresServer server) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
    }

    /** Waits until the server has released writer {@code writer}'s advisory lock (its backend has exited). */
    public static void awaitWriterGone(PostgresServer server, int writer) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try (Connection c = connect(server); PreparedStatement ps = c.prepareStatement(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = ? AND objid = ?")) {
            ps.setLong(1, StudySchema.LOCK_SPACE);
            ps.setLong(2, writer);
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) == 0) {
                        return;
                    }
                }
                Thread.sleep(20);
            }
        }
        throw new AssertionError("writer " + writer + " still holds its lock");
    }
}
