package io.tunescope.store;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A results directory's tables as one DuckDB file ({@code results.duckdb}), so a user can ask questions in SQL; the
 * one writer of that file for every command that writes a summary. Every such file holds {@code summary} (the
 * summary document as JSON, one row) and the tables of {@link SummaryTables} ({@code figures}: every number of the
 * summary by its path; a table per list of objects in it), beside the command's own tables: for a TPC-H run
 * {@code executions} (every execution, warm-up included, from the tenants' CSV files), {@code query_stats} (the
 * per-query statistics of summary.json), {@code engine_settings} and {@code engine_counters} (each tenant database's
 * own settings and counters before and after, {@link EngineViewTables}) and, with {@code --monitor}, {@code query_metrics} (every execution's
 * resource metrics from {@code monitor/query-metrics.csv}); for a tuning session {@code trials}.
 */
public final class ResultsDatabase {
    public static final String FILE_NAME = "results.duckdb";

    /** Every column of an executions.csv typed, so that a tenant's file with no rows does not make them text. */
    private static final Map<String, String> EXECUTION_TYPES = Map.ofEntries(Map.entry("tenant", "VARCHAR"),
            Map.entry("user", "INTEGER"), Map.entry("sequence", "BIGINT"), Map.entry("iteration", "INTEGER"),
            Map.entry("query", "VARCHAR"), Map.entry("phase", "VARCHAR"), Map.entry("startNanos", "BIGINT"),
            Map.entry("startEpochMicros", "BIGINT"), Map.entry("responseNanos", "BIGINT"), Map.entry("rows", "BIGINT"),
            Map.entry("error", "VARCHAR"));

    private ResultsDatabase() {
    }

    /**
     * Writes {@code summary} with its {@link RunWarnings} to {@code summaryFile} (as {@link Json#writeAtomically}) and then {@code results.duckdb}
     * beside it with the summary's tables and {@code tables}.
     */
    public static void writeWithSummary(Path summaryFile, Object summary, List<ResultsTable> tables) {
        JsonNode document = RunWarnings.added(summaryFile, summary);
        Json.writeAtomically(summaryFile, document);
        Path file = summaryFile.toAbsolutePath().resolveSibling(FILE_NAME);
        try {
            write(file, document, tables);
        } catch (SQLException e) {
            throw new java.io.UncheckedIOException(new IOException(e.getMessage(), e));
        }
    }

    /** The TPC-H run's database: its executions, per-query statistics and monitor metrics, and the summary's. */
    public static void write(ResultsDir results, List<Path> executionFiles, RunSummary summary) throws SQLException {
        List<ResultsTable> tables = new ArrayList<>();
        tables.add(new ResultsTable.Csv("executions", executionFiles, EXECUTION_TYPES,
                "tenant VARCHAR, \"user\" INTEGER, sequence BIGINT, iteration INTEGER, query VARCHAR, phase VARCHAR, "
                        + "startNanos BIGINT, startEpochMicros BIGINT, responseNanos BIGINT, rows BIGINT, "
                        + "error VARCHAR"));
        tables.add(queryStats(summary));
        tables.addAll(EngineViewTables.of(summary));
        Path metrics = results.monitor().queryMetrics();
        if (Files.exists(metrics)) {
            tables.add(new ResultsTable.Csv("query_metrics", List.of(metrics),
                    Map.of("tenant", "VARCHAR", "query", "VARCHAR", "phase", "VARCHAR"), ""));
        }
        write(results.resultsDatabase().toAbsolutePath(), Documents.stamped(results.summary(), summary), tables);
    }

    /**
     * The tables of the summaries of several runs of one kind (a plan's cells, a capacity curve's levels) across
     * them ({@link SummaryTables#across}); a run whose summary is missing or unreadable is left out.
     */
    public static List<ResultsTable> across(String prefix, String idColumn, List<String> ids,
                                            java.util.function.Function<String, Path> summaryOf) {
        Map<String, JsonNode> documents = new java.util.LinkedHashMap<>();
        for (String id : ids) {
            Path file = summaryOf.apply(id);
            if (Files.isRegularFile(file)) {
                try {
                    documents.put(id, Json.MAPPER.readTree(file.toFile()));
                } catch (IOException e) {
                    // a cell killed while writing: its own directory says so; the others still go in
                }
            }
        }
        return SummaryTables.across(prefix, idColumn, documents);
    }

    private static ResultsTable queryStats(RunSummary summary) {
        List<List<Object>> rows = new ArrayList<>();
        for (RunSummary.TenantSummary tenant : summary.tenants()) {
            for (RunSummary.QuerySummary q : tenant.queries()) {
                rows.add(java.util.Arrays.asList(tenant.name(), q.query(), q.count(), q.errors(), q.meanMillis(),
                        q.p50Millis(), q.p95Millis(), q.p99Millis(), q.maxMillis(), q.rows(), q.validated()));
            }
        }
        return new ResultsTable.Rows("query_stats", List.of("tenant", "query", "count", "errors", "mean_millis",
                "p50_millis", "p95_millis", "p99_millis", "max_millis", "rows", "validated"), rows);
    }

    /**
     * Builds the database in a temporary file beside {@code file} and renames it over it: a full disk or a read-only
     * directory leaves the old file or none, never a half-written one, and no temporary file. File paths reach SQL
     * only as bound parameters; table and column names only as {@link ResultsTable#identifier}s.
     */
    public static void write(Path file, JsonNode document, List<ResultsTable> tables) throws SQLException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Path tmpWal = file.resolveSibling(tmp.getFileName() + ".wal");
        // DuckDB's JDBC URL splits at ';' into settings: a directory whose name holds one is built elsewhere
        Path build = file.toString().indexOf(';') < 0 ? tmp
                : Path.of(System.getProperty("java.io.tmpdir"), "tunescope-results-" + ProcessHandle.current().pid()
                + "-" + System.nanoTime() + ".duckdb");
        try {
            for (Path p : List.of(tmp, tmpWal, build)) {
                Files.deleteIfExists(p);
            }
            fill(build, document, tables);
            if (!build.equals(tmp)) {
                Files.copy(build, tmp);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | SQLException | RuntimeException e) {
            deleteQuietly(tmp);
            deleteQuietly(tmpWal);
            String why = e instanceof IOException io ? Json.why(io) : String.valueOf(e.getMessage()).replace('\n', ' ');
            throw new SQLException("cannot write " + file + ": " + why, e);
        } finally {
            if (!build.equals(tmp)) {
                deleteQuietly(build);
                deleteQuietly(build.resolveSibling(build.getFileName() + ".wal"));
            }
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // the directory refuses changes (read-only): nothing more can be cleaned up there
        }
    }

    private static void fill(Path file, JsonNode document, List<ResultsTable> tables) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
             Statement s = c.createStatement()) {
            Set<String> names = new HashSet<>();
            for (ResultsTable t : tables) {
                if (names.add(t.name())) {
                    create(c, t, t.name());
                }
            }
            for (ResultsTable t : SummaryTables.of(document)) {
                // a list in the summary named as one of the command's own tables keeps a distinct name
                String name = names.add(t.name()) ? t.name() : "summary_" + t.name();
                names.add(name);
                create(c, t, name);
            }
            s.execute("CREATE TABLE summary (document JSON)");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO summary VALUES (?)")) {
                insert.setString(1, Json.toJson(document));
                insert.execute();
            }
        }
    }

    private static void create(Connection c, ResultsTable table, String name) throws SQLException {
        if (table instanceof ResultsTable.Rows rows && rows.columns().isEmpty()) {
            return;   // a list that was empty in every document: no column to define
        }
        String quoted = '"' + ResultsTable.identifier(name) + '"';
        if (table instanceof ResultsTable.Csv csv) {
            createFromCsv(c, csv, quoted);
        } else if (table instanceof ResultsTable.Rows rows) {
            RowsTable.create(c, rows, quoted);
        }
    }

    private static void createFromCsv(Connection c, ResultsTable.Csv csv, String quoted) throws SQLException {
        List<Path> existing = csv.files().stream().filter(Files::exists).toList();
        if (existing.isEmpty()) {
            if (!csv.emptyColumns().isEmpty()) {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE " + quoted + " (" + csv.emptyColumns() + ")");
                }
            }
            return;
        }
        // the CSV's own column names (camelCase) key the types; both reach SQL with only letters, digits and '_'
        String types = csv.types().entrySet().stream()
                .map(e -> "'" + e.getKey().replaceAll("[^A-Za-z0-9_]", "") + "': '"
                        + e.getValue().replaceAll("[^A-Z]", "") + "'")
                .collect(Collectors.joining(", "));
        String reads = existing.stream().map(p -> "SELECT * FROM read_csv(?, header = true, types = {" + types + "})")
                .collect(Collectors.joining(" UNION ALL "));
        try (PreparedStatement create = c.prepareStatement("CREATE TABLE " + quoted + " AS " + reads)) {
            for (int i = 0; i < existing.size(); i++) {
                create.setString(i + 1, existing.get(i).toAbsolutePath().toString());
            }
            create.execute();
        }
    }
}
