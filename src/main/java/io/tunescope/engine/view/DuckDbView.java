package io.tunescope.engine.view;

import io.tunescope.store.EngineReading;
import io.tunescope.store.EngineSetting;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * DuckDB: {@code duckdb_settings()}, each value compared with a fresh in-memory database's in this process (DuckDB
 * reports no default of its own, and its defaults depend on the machine: threads, memory limit); as counters, the
 * memory it holds by component ({@code duckdb_memory()}), which are levels rather than counts.
 */
final class DuckDbView implements EngineView {
    private static final String SETTINGS = "SELECT name, value, scope FROM duckdb_settings() ORDER BY name";

    @Override
    public List<EngineSetting> settings(Connection connection, List<String> notes) throws SQLException {
        Map<String, String> defaults = new LinkedHashMap<>();
        try (Connection fresh = DriverManager.getConnection("jdbc:duckdb:");
             Statement s = fresh.createStatement(); ResultSet rs = s.executeQuery(SETTINGS)) {
            while (rs.next()) {
                defaults.put(rs.getString(1), rs.getString(2));
            }
        } catch (SQLException e) {
            notes.add("defaults unknown: a fresh database did not open: " + EngineView.oneLine(e));
        }
        List<EngineSetting> out = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(SETTINGS)) {
            while (rs.next()) {
                String name = rs.getString(1);
                String value = rs.getString(2);
                boolean known = defaults.containsKey(name);
                boolean changed = known && !Objects.equals(value, defaults.get(name));
                out.add(new EngineSetting(name, value, null, changed ? "set" : known ? "default" : rs.getString(3),
                        defaults.get(name), changed));
            }
        }
        return out;
    }

    @Override
    public List<EngineReading.Counter> counters(Connection connection, List<String> notes) throws SQLException {
        try {
            return ViewRows.read(connection, "duckdb_memory", "SELECT * FROM duckdb_memory()", "tag", Set.of());
        } catch (SQLException e) {
            notes.add("duckdb_memory(): not read: " + EngineView.oneLine(e));
            return List.of();
        }
    }
}
