package io.tunescope.engine.view;

import io.tunescope.store.EngineReading;
import io.tunescope.store.EngineSetting;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The embedded engines that keep no counters of their own over JDBC: H2 ({@code INFORMATION_SCHEMA.SETTINGS}),
 * HSQLDB ({@code INFORMATION_SCHEMA.SYSTEM_PROPERTIES}), SQLite (its main {@code PRAGMA}s) and Derby (the database
 * properties that tune it, where set). None of them reports a default, so no setting is marked changed; any other
 * product gets a note.
 */
final class SettingsOnlyView implements EngineView {
    /** SQLite's pragmas that change performance; each answers one row with its value. */
    private static final List<String> SQLITE_PRAGMAS = List.of("page_size", "cache_size", "journal_mode",
            "synchronous", "locking_mode", "temp_store", "mmap_size", "busy_timeout", "auto_vacuum",
            "wal_autocheckpoint", "foreign_keys");
    /** Derby's properties that change performance; unset ones answer null and are left out. */
    private static final List<String> DERBY_PROPERTIES = List.of("derby.storage.pageCacheSize",
            "derby.storage.pageSize", "derby.locks.waitTimeout", "derby.locks.deadlockTimeout",
            "derby.language.statementCacheSize", "derby.storage.rowLocking");

    enum Kind {
        H2, HSQLDB, SQLITE, DERBY, UNKNOWN;

        static Kind of(String product) {
            if (product.contains("h2")) {
                return H2;
            }
            if (product.contains("hsql")) {
                return HSQLDB;
            }
            if (product.contains("sqlite")) {
                return SQLITE;
            }
            return product.contains("derby") ? DERBY : UNKNOWN;
        }
    }

    private final Kind kind;

    SettingsOnlyView(Kind kind) {
        this.kind = kind;
    }

    @Override
    public List<EngineSetting> settings(Connection connection, List<String> notes) throws SQLException {
        return switch (kind) {
            case H2 -> pairs(connection,
                    "SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS ORDER BY SETTING_NAME");
            case HSQLDB -> pairs(connection, "SELECT PROPERTY_NAME, PROPERTY_VALUE "
                    + "FROM INFORMATION_SCHEMA.SYSTEM_PROPERTIES ORDER BY PROPERTY_NAME");
            case SQLITE -> sqlite(connection);
            case DERBY -> derby(connection);
            case UNKNOWN -> {
                notes.add("settings: not known how to read them from this product");
                yield List.of();
            }
        };
    }

    @Override
    public List<EngineReading.Counter> counters(Connection connection, List<String> notes) {
        notes.add("counters: this engine keeps none that JDBC can read");
        return List.of();
    }

    private static List<EngineSetting> pairs(Connection connection, String sql) throws SQLException {
        List<EngineSetting> out = new ArrayList<>();
        for (EngineReading.Counter row : ViewRows.pairs(connection, "settings", sql)) {
            out.add(new EngineSetting(row.name(), row.value(), null, null, null, false));
        }
        return out;
    }

    private static List<EngineSetting> sqlite(Connection connection) throws SQLException {
        List<EngineSetting> out = new ArrayList<>();
        for (String pragma : SQLITE_PRAGMAS) {
            // the pragma's name comes from the constant list above, never from input
            out.add(new EngineSetting(pragma, ViewRows.scalar(connection, "PRAGMA " + pragma), null, null, null,
                    false));
        }
        return out;
    }

    private static List<EngineSetting> derby(Connection connection) throws SQLException {
        List<EngineSetting> out = new ArrayList<>();
        try (var call = connection.prepareStatement("VALUES SYSCS_UTIL.SYSCS_GET_DATABASE_PROPERTY(?)")) {
            for (String property : DERBY_PROPERTIES) {
                call.setString(1, property);
                try (ResultSet rs = call.executeQuery()) {
                    if (rs.next() && rs.getString(1) != null) {
                        out.add(new EngineSetting(property, rs.getString(1), null, "database", null, false));
                    }
                }
            }
        }
        return out;
    }
}
