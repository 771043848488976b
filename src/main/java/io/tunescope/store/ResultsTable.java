package io.tunescope.store;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One table of a results database ({@link ResultsDatabase}): rows held in memory, or CSV files read by DuckDB
 * itself. Table and column names are snake_case made of {@code [a-z0-9_]} only ({@link #identifier}), so a name
 * taken from a JSON field can be quoted into SQL without any way to close the quote.
 */
public sealed interface ResultsTable permits ResultsTable.Rows, ResultsTable.Csv {

    String name();

    /** Rows in memory: each row has one value per column (a number, a boolean, text or null). */
    record Rows(String name, List<String> columns, List<List<Object>> rows) implements ResultsTable {
        public Rows {
            name = identifier(name);
            columns = distinct(columns.stream().map(ResultsTable::identifier).toList());
            rows = List.copyOf(rows.stream().map(r -> java.util.Collections.unmodifiableList(
                    new java.util.ArrayList<>(r))).toList());
            for (List<Object> row : rows) {
                if (row.size() != columns.size()) {
                    throw new IllegalArgumentException("table " + name + ": a row of " + row.size()
                            + " values for " + columns.size() + " columns");
                }
            }
        }
    }

    /**
     * The union of CSV files with a header line, every column typed ({@code types}: column name to DuckDB type) so
     * that a file with no rows does not turn the union into text; {@code emptyColumns} is the table's definition
     * when no file exists. Names inside the files are kept as written.
     */
    record Csv(String name, List<Path> files, Map<String, String> types, String emptyColumns) implements ResultsTable {
        public Csv {
            name = identifier(name);
            files = List.copyOf(files);
            types = Map.copyOf(types);
            Objects.requireNonNull(emptyColumns, "emptyColumns");
        }
    }

    /** Names made distinct: a name met again gets {@code _2}, {@code _3}, ... */
    private static List<String> distinct(List<String> names) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        List<String> out = new java.util.ArrayList<>();
        for (String n : names) {
            String unique = n;
            for (int k = 2; !seen.add(unique); k++) {
                unique = n + "_" + k;
            }
            out.add(unique);
        }
        return out;
    }

    /**
     * {@code name} in snake_case with every character outside {@code [a-z0-9_]} turned into {@code _}
     * ({@code p90Millis} becomes {@code p90_millis}); a name that would start with a digit gets a leading {@code _}.
     */
    static String identifier(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(name.charAt(i - 1))) {
                out.append('_');
            }
            char lower = Character.toLowerCase(c);
            out.append((lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9') ? lower : '_');
        }
        String id = out.toString().toLowerCase(Locale.ROOT);
        return id.isEmpty() || Character.isDigit(id.charAt(0)) ? "_" + id : id;
    }
}
