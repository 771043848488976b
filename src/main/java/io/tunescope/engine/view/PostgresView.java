package io.tunescope.engine.view;

import io.tunescope.store.DatabaseView;
import io.tunescope.store.EngineReading;
import io.tunescope.store.EngineSetting;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * PostgreSQL: {@code pg_settings} (value, unit, source, and the built-in {@code boot_val} as the default),
 * {@code pg_stat_database} of the connection's database, {@code pg_stat_bgwriter}, {@code pg_stat_checkpointer}
 * where the server has it (17 and later), and the busiest statements of {@code pg_stat_statements} when the extension
 * is installed and loaded.
 */
final class PostgresView implements EngineView {
    /** Statements of pg_stat_statements kept per reading: the most called, so both readings hold the busy ones. */
    static final int STATEMENTS = 50;

    @Override
    public List<EngineSetting> settings(Connection connection, List<String> notes) throws SQLException {
        List<EngineSetting> out = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT name, setting, unit, source, boot_val FROM pg_settings ORDER BY name")) {
            while (rs.next()) {
                String value = rs.getString(2);
                String boot = rs.getString(5);
                out.add(new EngineSetting(rs.getString(1), value, rs.getString(3), rs.getString(4), boot,
                        !Objects.equals(value, boot)));
            }
        }
        return out;
    }

    @Override
    public List<EngineReading.Counter> counters(Connection connection, List<String> notes) throws SQLException {
        List<EngineReading.Counter> out = new ArrayList<>(ViewRows.read(connection, "pg_stat_database",
                "SELECT * FROM pg_stat_database WHERE datname = current_database()", null, Set.of("datid", "datname")));
        out.addAll(ViewRows.read(connection, "pg_stat_bgwriter", "SELECT * FROM pg_stat_bgwriter", null, Set.of()));
        if (ViewRows.scalar(connection, "SELECT to_regclass('pg_catalog.pg_stat_checkpointer')") != null) {
            out.addAll(ViewRows.read(connection, "pg_stat_checkpointer", "SELECT * FROM pg_stat_checkpointer", null,
                    Set.of()));
        }
        out.addAll(statements(connection, notes));
        return out;
    }

    private static List<EngineReading.Counter> statements(Connection connection, List<String> notes) {
        try {
            if (ViewRows.scalar(connection, "SELECT to_regclass('pg_stat_statements')") == null) {
                notes.add("pg_stat_statements: not installed in this database (CREATE EXTENSION pg_stat_statements, "
                        + "with the library in shared_preload_libraries)");
                return List.of();
            }
            // every column but the statement's text (constants are replaced there, yet it is not a counter)
            List<EngineReading.Counter> out = new ArrayList<>(ViewRows.read(connection, "pg_stat_statements",
                    "SELECT * FROM pg_stat_statements "
                    + "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) "
                    + "ORDER BY calls DESC LIMIT " + STATEMENTS, "queryid",
                    Set.of("userid", "dbid", "toplevel", "query", "stats_since", "minmax_stats_since")));
            // how many entries there were and how many are listed: when all are, a statement missing from this
            // reading had not run yet (DatabaseView then counts its change from zero)
            long entries = Long.parseLong(ViewRows.scalar(connection, "SELECT count(*) FROM pg_stat_statements "
                    + "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())"));
            long listed = out.stream().map(c -> c.name().substring(0, c.name().indexOf('.'))).distinct().count();
            out.add(new EngineReading.Counter("pg_stat_statements", DatabaseView.ENTRIES, String.valueOf(entries)));
            out.add(new EngineReading.Counter("pg_stat_statements", DatabaseView.ENTRIES_LISTED,
                    String.valueOf(listed)));
            return out;
        } catch (SQLException e) {
            notes.add("pg_stat_statements: not read: " + EngineView.oneLine(e));
            return List.of();
        }
    }
}
