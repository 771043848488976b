package io.tunescope.workload.tpch;

import io.tunescope.Notices;
import io.tunescope.store.DataCache;
import io.tunescope.store.Json;
import io.tunescope.store.PreparedManifest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A prepared TPC-H database file (DuckDB) and the rows of every table as the generator made them. A tenant copies it
 * into its own in-memory database ({@link #copyInto}) instead of generating and loading the data again; the copy is
 * checked against the generator's row counts, so a copy that lost rows never goes unnoticed.
 *
 * @param file        the prepared database file (read, never written, by tenants)
 * @param rowsByTable the rows of each table the generator made when the file was built
 */
public record PreparedCopy(String file, Map<String, Long> rowsByTable) {
    private static final String ALIAS = "tunescope_prepared";

    public PreparedCopy {
        if (file == null || file.isBlank()) {
            throw new IllegalArgumentException("a prepared copy needs its file");
        }
        rowsByTable = rowsByTable == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(rowsByTable));
    }

    public long rows() {
        return rowsByTable.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Copies every table of the prepared file into the database {@code connection} is on (DuckDB), then checks each
     * table's rows against the generator's. Returns the rows copied.
     *
     * @throws SQLException when the file cannot be read or a table holds other rows than the generator made
     */
    public long copyInto(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            String target = currentDatabase(statement);
            statement.execute(attach(file));
            try {
                statement.execute("COPY FROM DATABASE " + ALIAS + " TO \"" + target.replace("\"", "\"\"") + "\"");
            } finally {
                statement.execute("DETACH " + ALIAS);
            }
            checkRows(countRows(statement, null, rowsByTable.keySet()), "the copy in this tenant");
        }
        return rows();
    }

    /**
     * The prepared copy at {@code file} when its manifest (in {@code cache}) has {@code key} and the file holds the
     * rows it lists of {@code tables}; else null, said once with {@code what} (the workload's name) and why.
     */
    public static PreparedCopy valid(DataCache cache, Path file, String key,
                                     Collection<String> tables, String what) {
        Path manifestFile = cache.manifest(file);
        if (!Files.isRegularFile(file) || !Files.isRegularFile(manifestFile)) {
            return null;
        }
        try (Connection memory = DriverManager.getConnection("jdbc:duckdb:")) {
            PreparedManifest manifest = Json.read(manifestFile,
                    PreparedManifest.class);
            if (!key.equals(manifest.key())) {
                return null;
            }
            PreparedCopy copy = new PreparedCopy(file.toString(), manifest.rowsByTable());
            copy.checkRows(rowsInFile(memory, copy.file(), tables), "the prepared file");
            return copy;
        } catch (IOException | SQLException | RuntimeException e) {
            Notices.say("tunescope: prepared " + what + " copy " + file + " is not usable ("
                    + e.getMessage() + "): building it again");
            return null;
        }
    }

    /** The rows of every TPC-H table in the prepared file itself (opened read-only beside {@code connection}). */
    static Map<String, Long> rowsInFile(Connection connection, String file) throws SQLException {
        return rowsInFile(connection, file, TpchSchema.TABLES.stream().map(t -> t.getTableName()).toList());
    }

    /** The rows of each of {@code tables} in a prepared file (another workload's, such as TPC-C's). */
    public static Map<String, Long> rowsInFile(Connection connection, String file, Collection<String> tables)
            throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(attach(file));
            try {
                return countRows(statement, ALIAS, tables);
            } finally {
                statement.execute("DETACH " + ALIAS);
            }
        }
    }

    /** Checks {@code counted} against the generator's rows; the message names the first table that differs. */
    public void checkRows(Map<String, Long> counted, String where) throws SQLException {
        for (Map.Entry<String, Long> table : rowsByTable.entrySet()) {
            Long rows = counted.get(table.getKey());
            if (!table.getValue().equals(rows)) {
                throw new SQLException(where + " holds " + rows + " rows in " + table.getKey() + " where the generator"
                        + " made " + table.getValue() + " (prepared copy " + file + ")");
            }
        }
        if (rowsByTable.isEmpty() || !counted.keySet().equals(rowsByTable.keySet())) {
            throw new SQLException(where + " holds tables " + counted.keySet() + " where the generator made "
                    + rowsByTable.keySet() + " (prepared copy " + file + ")");
        }
    }

    private static Map<String, Long> countRows(Statement statement, String database, Collection<String> tables)
            throws SQLException {
        Map<String, Long> rows = new LinkedHashMap<>();
        for (String table : tables) {
            String name = (database == null ? "" : database + ".main.") + table;
            try (ResultSet rs = statement.executeQuery("SELECT count(*) FROM " + name)) {
                rs.next();
                rows.put(table, rs.getLong(1));
            }
        }
        return rows;
    }

    private static String currentDatabase(Statement statement) throws SQLException {
        try (ResultSet rs = statement.executeQuery("SELECT current_database()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static String attach(String file) {
        return "ATTACH '" + file.replace("'", "''") + "' AS " + ALIAS + " (READ_ONLY)";
    }
}
