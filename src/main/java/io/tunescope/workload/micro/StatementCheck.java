package io.tunescope.workload.micro;

import io.tunescope.BadInputException;
import io.tunescope.engine.inprocess.ConnectionSpec;

import java.sql.Connection;
import java.sql.SQLException;

/** Runs the statement once per mode before any measurement, so a bad statement fails fast with exit code 3. */
public final class StatementCheck {
    private StatementCheck() {
    }

    /** Returns the engine's product name and version, read from the same connection. */
    public static String check(ConnectionSpec spec, String statement, Iterable<PlanMode> modes) {
        if (statement == null || statement.isBlank()) {
            throw BadInputException.of("statement", statement, "must not be empty");
        }
        for (PlanMode mode : modes) {
            try (UserLoop probe = new UserLoop(open(spec), mode, statement, 0)) {
                probe.executeOnce();
                if (probe.errors() > 0) {
                    throw BadInputException.of("statement", statement, "fails on " + spec.engine() + " ("
                            + mode.label() + "): " + oneLine(probe.firstError()));
                }
            } catch (SQLException e) {
                throw BadInputException.of("statement", statement, "fails on " + spec.engine() + " ("
                        + mode.label() + "): " + oneLine(e));
            }
        }
        try (Connection connection = open(spec)) {
            var md = connection.getMetaData();
            return md.getDatabaseProductName() + " " + md.getDatabaseProductVersion();
        } catch (SQLException e) {
            throw BadInputException.of("url", spec.displayUrl(), "failed: " + oneLine(e));
        }
    }

    private static Connection open(ConnectionSpec spec) {
        try {
            return spec.open();
        } catch (SQLException e) {
            throw BadInputException.of("url", spec.displayUrl(), "cannot be opened: " + oneLine(e));
        }
    }

    private static String oneLine(SQLException e) {
        return oneLine(e.getMessage());
    }

    private static String oneLine(String s) {
        return s == null ? "(no message)" : s.replaceAll("\\s+", " ").strip();
    }
}
