package io.tunescope.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Every table of a {@code results.duckdb} as one file per table ({@code TABLE.csv}, {@code TABLE.parquet} or
 * {@code TABLE.json}, newline-delimited) for pandas, DuckDB or Spark. The database is opened read-only, so an export
 * never changes the results it reads.
 */
public final class ResultsExport {

    /** The formats DuckDB's COPY writes; each one's name, in lower case, is its file extension and COPY format. */
    public enum Format {
        CSV, PARQUET, JSON;

        public String extension() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The options of DuckDB's COPY ... TO for this format (a CSV file starts with its header). */
        public String copyOptions() {
            return "FORMAT " + extension() + (this == CSV ? ", HEADER true" : "");
        }

        public static Format of(String name) {
            return valueOf(name.toUpperCase(Locale.ROOT));
        }
    }

    private ResultsExport() {
    }

    /** The files {@link #export} would write for {@code tables}. */
    public static List<Path> targets(Path outDir, List<String> tables, Format format) {
        return tables.stream().map(t -> outDir.resolve(t + "." + format.extension())).toList();
    }

    /** The tables of {@code database}, by name. */
    public static List<String> tables(Path database) throws SQLException {
        try (Connection c = open(database);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT table_name FROM information_schema.tables "
                     + "WHERE table_schema = 'main' ORDER BY table_name")) {
            List<String> names = new ArrayList<>();
            while (rs.next()) {
                names.add(rs.getString(1));
            }
            return names;
        }
    }

    /** Writes every table of {@code database} into {@code outDir} (created if missing); returns the files written. */
    public static List<Path> export(Path database, Path outDir, Format format) throws SQLException, IOException {
        Files.createDirectories(outDir);
        List<String> names = tables(database);
        List<Path> files = targets(outDir.toAbsolutePath(), names, format);
        try (Connection c = open(database); Statement s = c.createStatement()) {
            for (int i = 0; i < names.size(); i++) {
                // COPY takes no parameters: the table name is quoted ('"' doubled), the path a literal ('' doubled)
                String table = '"' + names.get(i).replace("\"", "\"\"") + '"';
                String target = "'" + files.get(i).toString().replace("'", "''") + "'";
                s.execute("COPY " + table + " TO " + target + " (" + format.copyOptions() + ")");
            }
        }
        return files;
    }

    private static Connection open(Path database) throws SQLException {
        Properties readOnly = new Properties();
        readOnly.setProperty("duckdb.read_only", "true");
        if (database.toString().indexOf(';') >= 0) {
            throw new SQLException(database + ": a path with ';' cannot be opened by DuckDB's JDBC driver; "
                    + "copy the file to a path without one");
        }
        return DriverManager.getConnection("jdbc:duckdb:" + database.toAbsolutePath(), readOnly);
    }
}
