package io.tunescope.store;

import java.nio.file.Files;
import java.nio.file.Path;
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

    public static void write(ResultsDir results, List<Path> executionFiles, RunSummary summary) throws SQLException {
        Path file = results.resultsDatabase();
        try {
            Files.deleteIfExists(file);
        } catch (java.io.IOException e) {
            throw new SQLException("cannot replace " + file + ": " + e.getMessage(), e);
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath());
             Statement s = c.createStatement()) {
            List<Path> existing = executionFiles.stream().filter(Files::exists).toList();
            if (existing.isEmpty()) {
                s.execute("CREATE TABLE executions (tenant VARCHAR, \"user\" INTEGER, sequence BIGINT, iteration INTEGER, "
                        + "query VARCHAR, phase VARCHAR, startNanos BIGINT, startEpochMicros BIGINT, "
                        + "responseNanos BIGINT, rows BIGINT, error VARCHAR)");
            } else {
                String files = existing.stream().map(p -> "'" + p.toAbsolutePath().toString().replace("'", "''") + "'")
                        .collect(Collectors.joining(", ", "[", "]"));
                s.execute("CREATE TABLE executions AS SELECT * FROM read_csv(" + files
                        + ", header = true, types = {'error': 'VARCHAR', 'tenant': 'VARCHAR'})");
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
                s.execute("CREATE TABLE query_metrics AS SELECT * FROM read_csv('"
                        + metrics.toAbsolutePath().toString().replace("'", "''") + "', header = true, "
                        + "types = {'tenant': 'VARCHAR', 'query': 'VARCHAR', 'phase': 'VARCHAR'})");
            }
            s.execute("CREATE TABLE summary (document JSON)");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO summary VALUES (?)")) {
                insert.setString(1, Json.toJson(summary));
                insert.execute();
            }
        }
    }
}
