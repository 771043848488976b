package io.tunescope.engine.view;

import io.tunescope.store.EngineReading;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Statistics views read as counters: every column of every row, its name prefixed by the row's key when there is one. */
final class ViewRows {
    private ViewRows() {
    }

    /**
     * The counters of a view whose query answers one row (or rows told apart by {@code keyColumn}, whose value then
     * prefixes each counter's name: {@code 123.calls}); the columns in {@code skip} are left out. The query is a
     * constant of its reader.
     */
    static List<EngineReading.Counter> read(Connection connection, String view, String sql, String keyColumn,
                                            Set<String> skip) throws SQLException {
        List<EngineReading.Counter> out = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                String prefix = keyColumn == null ? "" : rs.getString(keyColumn) + ".";
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    String column = meta.getColumnLabel(i).toLowerCase(java.util.Locale.ROOT);
                    if (!skip.contains(column) && !column.equals(keyColumn)) {
                        out.add(new EngineReading.Counter(view, prefix + column, rs.getString(i)));
                    }
                }
            }
        }
        return out;
    }

    /** The counters of {@code SHOW ...}-style answers: a name column and a value column per row. */
    static List<EngineReading.Counter> pairs(Connection connection, String view, String sql) throws SQLException {
        List<EngineReading.Counter> out = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(new EngineReading.Counter(view, rs.getString(1), rs.getString(2)));
            }
        }
        return out;
    }

    /** The first column of the first row, or null. */
    static String scalar(Connection connection, String sql) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
