package io.tunescope.engine.view;

import io.tunescope.store.EngineReading;
import io.tunescope.store.EngineSetting;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * MariaDB (and MySQL): the global variables with where each value came from ({@code information_schema}'s
 * {@code SYSTEM_VARIABLES}, MariaDB's; {@code SHOW GLOBAL VARIABLES} without a source elsewhere), and
 * {@code SHOW GLOBAL STATUS} as the counters.
 */
final class MariaDbView implements EngineView {
    /** Origins of a value set by someone rather than compiled in or sized by the server itself. */
    private static final Set<String> SET_BY_SOMEONE = Set.of("CONFIG", "COMMAND-LINE", "SQL", "ENVIRONMENT");

    @Override
    public List<EngineSetting> settings(Connection connection, List<String> notes) throws SQLException {
        List<EngineSetting> out = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT VARIABLE_NAME, GLOBAL_VALUE, GLOBAL_VALUE_ORIGIN, DEFAULT_VALUE "
                        + "FROM information_schema.SYSTEM_VARIABLES ORDER BY VARIABLE_NAME")) {
            while (rs.next()) {
                String origin = rs.getString(3);
                out.add(new EngineSetting(rs.getString(1).toLowerCase(Locale.ROOT), rs.getString(2), null, origin,
                        rs.getString(4), origin != null && SET_BY_SOMEONE.contains(origin)));
            }
            return out;
        } catch (SQLException e) {
            notes.add("variables without their source: " + EngineView.oneLine(e));
        }
        for (EngineReading.Counter v : ViewRows.pairs(connection, "variables", "SHOW GLOBAL VARIABLES")) {
            out.add(new EngineSetting(v.name(), v.value(), null, null, null, false));
        }
        return out;
    }

    @Override
    public List<EngineReading.Counter> counters(Connection connection, List<String> notes) throws SQLException {
        return ViewRows.pairs(connection, "global_status", "SHOW GLOBAL STATUS");
    }
}
