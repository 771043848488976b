package io.tunescope.store.study;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One unit of work on a study connection (auto-commit off): committed when it returns, rolled back when it throws.
 * A runtime exception passes through as it is; a checked one (SQL, JSON) becomes an {@link IllegalStateException}
 * saying which store could not do what. Shared by the study store and the round table.
 */
final class Transactions {
    /** Work that may fail with SQL or JSON errors. */
    @FunctionalInterface
    interface Work<T> {
        T run() throws Exception;
    }

    private Transactions() {
    }

    static <T> T inTransaction(Connection connection, String description, String what, Work<T> work) {
        try {
            T result = work.run();
            connection.commit();
            return result;
        } catch (Exception e) {
            try {
                connection.rollback();
            } catch (SQLException ignored) {
                // the connection is broken; the original error says why
            }
            if (e instanceof RuntimeException r) {
                throw r;
            }
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException(description + ": cannot " + what + ": " + e.getMessage(), e);
        }
    }
}
