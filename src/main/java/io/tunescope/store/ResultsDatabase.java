package io.tunescope.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The run's results as a DuckDB file ({@code results.duckdb}) so a user can ask questions in SQL: table
 * {@code executions} (every execution, warm-up included, from the tenants' CSV files), {@code query_stats} (the
 * per-query statistics of summary.json), {@code summary} (the summary document as JSON text) and, for a run with
 * {@code --monitor}, {@code query_metrics} (every execution's resource metrics from {@code monitor/query-metrics.csv}).
 */
public final class ResultsDatabase {
    private ResultsDatabase() {
    }

    /**
     * Builds the database in a temporary file beside {@code results.duckdb} and renames it over it: a full disk or a
     * read-only directory leaves the old file or none, never a half-written one, and no temporary file. File paths
     * reach SQL only as bound parameters.
     */
    public static void write(ResultsDir results, List<Path> executionFiles, RunSummary summary) throws SQLException {
        Path file = results.resultsDatabase().toAbsolutePath();
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
            fill(build, results, executionFiles, summary);
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

    private static void fill(Path file, ResultsDir results, List<Path> executionFiles, RunSummary summary)
            throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
             Statement s = c.createStatement()) {
            List<Path> existing = executionFiles.stream().filter(Files::exists).toList();
            if (existing.isEmpty()) {
                s.execute("CREATE TABLE executions (tenant VARCHAR, \"user\" INTEGER, sequence BIGINT, iteration INTEGER, "
                        + "query VARCHAR, phase VARCHAR, startNanos BIGINT, startEpochMicros BIGINT, "
                        + "responseNanos BIGINT, rows BIGINT, error VARCHAR)");
            } else {
                // every column typed, so that one tenant's file with no rows does not turn the union into text
                String reads = existing.stream().map(p -> "SELECT * FROM read_csv(?, header = true, types = {"
                        + "'tenant': 'VARCHAR', 'user': 'INTEGER', 'sequence': 'BIGINT', 'iteration': 'INTEGER', "
                        + "'query': 'VARCHAR', 'phase': 'VARCHAR', 'startNanos': 'BIGINT', 'startEpochMicros': 'BIGINT', "
                        + "'responseNanos': 'BIGINT', 'rows': 'BIGINT', 'error': 'VARCHAR'})")
                        .collect(Collectors.joining(" UNION ALL "));
                try (PreparedStatement create = c.prepareStatement("CREATE TABLE executions AS " + reads)) {
                    for (int i = 0; i < existing.size(); i++) {
                        create.setString(i + 1, existing.get(i).toAbsolutePath().toString());
                    }
                    create.execute();
                }
            }
            s.execute("CREATE TABLE query_stats (tenant VARCHAR, query VARCHAR, count BIGINT, errors BIGINT, "
                    + "mean_millis DOUBLE, p50_millis DOUBLE, p95_millis DOUBLE, p99_millis DOUBLE, max_millis DOUBLE, "
                    + "rows BIGINT, validated BOOLEAN)");
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO query_stats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (RunSummary.TenantSummary tenant : summary.tenants()) {
                    for (RunSummary.QuerySummary q : tenant.queries()) {
                        insert.setString(1, tenant.name());
                        insert.setString(2, q.query());
                        insert.setLong(3, q.count());
                        insert.setLong(4, q.errors());
                        insert.setObject(5, q.meanMillis());
                        insert.setObject(6, q.p50Millis());
                        insert.setObject(7, q.p95Millis());
                        insert.setObject(8, q.p99Millis());
                        insert.setObject(9, q.maxMillis());
                        insert.setObject(10, q.rows());
                        insert.setObject(11, q.validated());
                        insert.addBatch();
                    }
                }
                insert.executeBatch();
            }
            Path metrics = results.monitor().queryMetrics();
            if (Files.exists(metrics)) {
                try (PreparedStatement create = c.prepareStatement("CREATE TABLE query_metrics AS SELECT * FROM "
                        + "read_csv(?, header = true, types = {'tenant': 'VARCHAR', 'query': 'VARCHAR', 'phase': 'VARCHAR'})")) {
                    create.setString(1, metrics.toAbsolutePath().toString());
                    create.execute();
                }
            }
            s.execute("CREATE TABLE summary (document JSON)");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO summary VALUES (?)")) {
                insert.setString(1, Json.toJson(summary));
                insert.execute();
            }
        }
    }
}
