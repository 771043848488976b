package io.tunescope.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Creates a {@link ResultsTable.Rows} in DuckDB: each column typed by its values, every value a bound parameter. */
final class RowsTable {
    private RowsTable() {
    }

    static void create(Connection c, ResultsTable.Rows rows, String quoted) throws SQLException {
        List<String> definitions = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (int i = 0; i < rows.columns().size(); i++) {
            types.add(type(rows.rows(), i));
            definitions.add('"' + rows.columns().get(i) + "\" " + types.get(i));
        }
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + quoted + " (" + String.join(", ", definitions) + ")");
        }
        if (rows.rows().isEmpty()) {
            return;
        }
        String marks = rows.columns().stream().map(x -> "?").collect(Collectors.joining(", "));
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + quoted + " VALUES (" + marks + ")")) {
            for (List<Object> row : rows.rows()) {
                for (int i = 0; i < row.size(); i++) {
                    Object v = row.get(i);
                    insert.setObject(i + 1, v != null && types.get(i).equals("VARCHAR") ? v.toString() : v);
                }
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** BIGINT for whole numbers, DOUBLE once any is fractional, BOOLEAN, else VARCHAR (mixed kinds too). */
    static String type(List<List<Object>> rows, int column) {
        String type = null;
        for (List<Object> row : rows) {
            Object v = row.get(column);
            String t = v == null ? null : v instanceof Boolean ? "BOOLEAN"
                    : v instanceof Integer || v instanceof Long ? "BIGINT"
                    : v instanceof Number ? "DOUBLE" : "VARCHAR";
            if (t == null || t.equals(type)) {
                continue;
            }
            if (type == null) {
                type = t;
            } else if (numeric(type) && numeric(t)) {
                type = "DOUBLE";
            } else {
                return "VARCHAR";
            }
        }
        return type == null ? "VARCHAR" : type;
    }

    private static boolean numeric(String t) {
        return t.equals("BIGINT") || t.equals("DOUBLE");
    }
}
