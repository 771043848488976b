package io.tunescope.workload;

import io.tunescope.workload.mix.UserTransactions;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One user's connection, which a user whose transactions can go on after a lost connection (a database restart)
 * replaces: it asks the same {@link Driver.ConnectionOpener} for a new one, waiting between tries from
 * {@value #FIRST_WAIT_MILLIS} ms, doubling up to {@value #MAX_WAIT_MILLIS} ms, and gives up after
 * {@value #GIVE_UP_MILLIS} ms: a server down for longer ends the user as before, with the lost connection's error.
 */
final class UserConnection implements AutoCloseable {
    static final long FIRST_WAIT_MILLIS = 50;
    static final long MAX_WAIT_MILLIS = 2_000;
    static final long GIVE_UP_MILLIS = 60_000;

    private final Driver.ConnectionOpener opener;
    private final int user;
    private Connection current;

    UserConnection(Driver.ConnectionOpener opener, int user) throws SQLException {
        this.opener = opener;
        this.user = user;
        this.current = opener.open(user);
    }

    Connection current() {
        return current;
    }

    /**
     * Replaces the connection that {@code lost} ended and hands the new one to {@code transactions}; throws
     * {@code lost} (with the last failure to reconnect added as suppressed) when the opener cannot give a new one or
     * none comes within {@value #GIVE_UP_MILLIS} ms.
     */
    void replace(SQLException lost, UserTransactions transactions) throws SQLException, InterruptedException {
        closeQuietly(current);
        long giveUp = System.nanoTime() + GIVE_UP_MILLIS * 1_000_000;
        long waitMillis = FIRST_WAIT_MILLIS;
        while (true) {
            Thread.sleep(waitMillis);
            Connection fresh = null;
            try {
                fresh = opener.reopen(user);
                if (fresh == null) {
                    throw lost;
                }
                transactions.reconnected(fresh);
                current = fresh;
                return;
            } catch (SQLException e) {
                if (e == lost) {
                    throw lost;
                }
                closeQuietly(fresh);
                if (System.nanoTime() - giveUp >= 0) {
                    lost.addSuppressed(e);
                    throw lost;
                }
            }
            waitMillis = Math.min(waitMillis * 2, MAX_WAIT_MILLIS);
        }
    }

    private static void closeQuietly(Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (SQLException e) {
            // a connection the server dropped: nothing is left to release
        }
    }

    @Override
    public void close() throws SQLException {
        current.close();
    }
}
