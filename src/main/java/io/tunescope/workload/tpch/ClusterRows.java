package io.tunescope.workload.tpch;

import io.trino.tpch.TpchTable;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The rows of a prepared cluster's TPC-H tables, checked against the generator's: counted once when the cluster is
 * built, and read from the catalog ({@code pg_class.reltuples}, exact after the build's full VACUUM) in every tenant
 * started on a copy, which takes milliseconds where counting SF 1 again would take seconds.
 */
public final class ClusterRows {
    private ClusterRows() {
    }

    /** The generator's table names, in load order. */
    static Set<String> tableNames() {
        Set<String> names = new LinkedHashSet<>();
        TpchSchema.TABLES.forEach(t -> names.add(t.getTableName()));
        return names;
    }

    /**
     * Checks the catalog's rows of every table against {@code expected}; the message names {@code where}, the first
     * table that differs and both counts.
     */
    public static void check(Connection connection, Map<String, Long> expected, String where) throws SQLException {
        compare(catalogRows(connection), expected, where);
    }

    /** Counts every table ({@code count(*)}) and compares with the generator's rows: once, at the build. */
    static void checkCounted(Connection connection, Map<String, Long> expected) throws SQLException {
        Map<String, Long> counted = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement()) {
            for (TpchTable<?> table : TpchSchema.TABLES) {
                try (ResultSet rs = statement.executeQuery("SELECT count(*) FROM " + table.getTableName())) {
                    rs.next();
                    counted.put(table.getTableName(), rs.getLong(1));
                }
            }
        }
        compare(counted, expected, "the newly built cluster (counted)");
    }

    /** Every table of the public schema with its rows as the catalog holds them ({@code pg_class.reltuples}). */
    public static Map<String, Long> catalogRows(Connection connection) throws SQLException {
        Map<String, Long> rows = new LinkedHashMap<>();
        try (PreparedStatement statement = connection.prepareStatement("SELECT relname, reltuples::bigint FROM pg_class"
                + " WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace")) {
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    rows.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return rows;
    }

    static void compare(Map<String, Long> found, Map<String, Long> expected, String where) throws SQLException {
        for (Map.Entry<String, Long> table : expected.entrySet()) {
            Long rows = found.get(table.getKey());
            if (!table.getValue().equals(rows)) {
                throw new SQLException(where + " holds " + rows + " rows in " + table.getKey()
                        + " where the generator made " + table.getValue());
            }
        }
        if (expected.isEmpty() || !found.keySet().equals(expected.keySet())) {
            throw new SQLException(where + " holds tables " + found.keySet() + " where the generator made "
                    + expected.keySet());
        }
    }
}
