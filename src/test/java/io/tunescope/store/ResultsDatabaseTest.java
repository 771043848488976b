package io.tunescope.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * results.duckdb: file paths reach SQL as bound parameters only (a directory named with quotes, a semicolon and a
 * comment still works and runs nothing), and a write that fails leaves no half-written database or temporary file.
 */
class ResultsDatabaseTest {
    private static final String HEADER = "tenant,user,sequence,iteration,query,phase,startNanos,startEpochMicros,"
            + "responseNanos,rows,error\n";

    @Test
    void pathsWithQuotesSemicolonsAndCommentsAreBoundNotSpliced(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectories(dir.resolve("o'; DROP TABLE x; -- \"run\""));
        ResultsDir results = ResultsDir.of(out);
        Path t1 = Files.createDirectories(results.tenant("t1").root()).resolve("executions.csv");
        Path t2 = Files.createDirectories(results.tenant("t2").root()).resolve("executions.csv");
        Files.writeString(t1, HEADER + "t1,1,1,0,Q6,MEASURE,100,200,3000,1,\nt1,1,2,0,Q1,MEASURE,400,500,6000,4,\"a'b; --\"\n");
        Files.writeString(t2, HEADER);   // a tenant that recorded nothing: its empty file must not turn types to text
        ResultsDatabase.write(results, List.of(t1, t2), SummaryDocumentTest.run());
        Path copy = Files.copy(results.resultsDatabase(), dir.resolve("check.duckdb"));   // a URL without ';'
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + copy.toAbsolutePath());
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*), sum(responseNanos), max(error), typeof(max(rows)) "
                     + "FROM executions")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(2);
            assertThat(rs.getLong(2)).isEqualTo(9000);
            assertThat(rs.getString(3)).isEqualTo("a'b; --");
            assertThat(rs.getString(4)).isEqualTo("BIGINT");
        }
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("results.duckdb", "tenants");
        }
    }

    @Test
    void aFailedWriteKeepsTheOldDatabaseAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        ResultsDir results = ResultsDir.of(dir);
        Path csv = Files.createDirectories(results.tenant("t1").root()).resolve("executions.csv");
        Files.writeString(csv, HEADER + "t1,1,1,0,Q6,MEASURE,100,200,3000,1,\n");
        ResultsDatabase.write(results, List.of(csv), SummaryDocumentTest.run());
        byte[] before = Files.readAllBytes(results.resultsDatabase());
        // a file DuckDB cannot read as CSV makes the second write fail half-way, after the database was created
        Files.write(csv, new byte[] {'t', 'e', 'n', 0, (byte) 0xff, '\n', 1, 2, 3});
        assertThatThrownBy(() -> ResultsDatabase.write(results, List.of(csv), SummaryDocumentTest.run()))
                .isInstanceOf(SQLException.class)
                .hasMessageStartingWith("cannot write " + results.resultsDatabase().toAbsolutePath() + ": ");
        assertThat(Files.readAllBytes(results.resultsDatabase())).isEqualTo(before);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("results.duckdb", "tenants");
        }
    }
}
