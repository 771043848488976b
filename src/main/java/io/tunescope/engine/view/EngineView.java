package io.tunescope.engine.view;

import io.tunescope.store.EngineReading;
import io.tunescope.store.EngineSetting;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A database's own view of itself, read over JDBC: its effective settings and the counters it keeps. One reader per
 * product, chosen by the product name the driver reports, so a database reached by any URL is read the same way as
 * one tunescope started. Reading never fails a run: what cannot be read becomes a note in the reading.
 */
public interface EngineView {
    /** The effective settings, in the engine's order. */
    List<EngineSetting> settings(Connection connection, List<String> notes) throws SQLException;

    /** Every counter the engine keeps that this reader knows, as text; what it could not read goes in notes. */
    List<EngineReading.Counter> counters(Connection connection, List<String> notes) throws SQLException;

    /** The reader for the database behind {@code connection} (by the product name its driver reports). */
    static EngineView of(Connection connection) {
        String product;
        try {
            product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
        } catch (SQLException e) {
            return new SettingsOnlyView(SettingsOnlyView.Kind.UNKNOWN);
        }
        if (product.contains("postgres")) {
            return new PostgresView();
        }
        if (product.contains("mariadb") || product.contains("mysql")) {
            return new MariaDbView();
        }
        if (product.contains("duckdb")) {
            return new DuckDbView();
        }
        return new SettingsOnlyView(SettingsOnlyView.Kind.of(product));
    }

    /** The settings of the database behind {@code connection}, now; a failure to read becomes a note. */
    static EngineReading readSettings(Connection connection) {
        List<String> notes = new ArrayList<>();
        List<EngineSetting> settings = List.of();
        try {
            settings = of(connection).settings(connection, notes);
        } catch (SQLException | RuntimeException e) {
            notes.add("settings not read: " + oneLine(e));
        }
        return new EngineReading(Instant.now().toString(), settings, List.of(), notes);
    }

    /** The counters of the database behind {@code connection}, now; a failure to read becomes a note. */
    static EngineReading readCounters(Connection connection) {
        List<String> notes = new ArrayList<>();
        List<EngineReading.Counter> counters = List.of();
        try {
            counters = of(connection).counters(connection, notes);
        } catch (SQLException | RuntimeException e) {
            notes.add("counters not read: " + oneLine(e));
        }
        return new EngineReading(Instant.now().toString(), List.of(), counters, notes);
    }

    /** An exception's message on one line (drivers' messages span several). */
    static String oneLine(Exception e) {
        return String.valueOf(e.getMessage()).replaceAll("\\s+", " ").trim();
    }
}
