package io.tunescope.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Notices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A summary counts and lists what was reported while its directory was open, and the libraries' warnings. */
class RunWarningsTest {

    @Test
    void theSummaryCountsTheLinesReportedSinceItsDirectoryOpenedAndTheLibraryWarnings(@TempDir Path dir)
            throws Exception {
        List<String> printed = new ArrayList<>();
        Path out;
        Notices.Redirect redirect = Notices.to(printed::add);
        try {
            Notices.say("before the directory: not counted");
            out = ResultsDir.createOutput(dir.resolve("run"));
            Notices.say("tunescope: first");
            Notices.say("tunescope: second");
        } finally {
            redirect.close();
        }
        Files.writeString(out.resolve(LibraryLog.FILE_NAME), """
                2026-12-02T01:00:00.000+0000 [main] [WARN] com.zaxxer.hikari.pool.HikariPool - pool is slow
                java.lang.Exception: its trace is not a second warning
                2026-12-02T01:00:01.000+0000 [main] [ERROR] org.eclipse.jetty.server.Server - failed
                """);
        ResultsDatabase.writeWithSummary(out.resolve("summary.json"), Map.of("tool", "tunescope tune", "wips", 3),
                List.of());
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("type").asText()).isEqualTo("tuning");
        JsonNode w = summary.path(RunWarnings.FIELD);
        assertThat(w.path("count").asLong()).isEqualTo(4);
        assertThat(w.path("libraryWarnings").asLong()).isEqualTo(2);
        assertThat(w.path("lines")).extracting(JsonNode::asText).containsExactly("tunescope: first",
                "tunescope: second");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + out.resolve("results.duckdb"));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT value FROM figures WHERE path = 'reportedWarnings.count'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getDouble(1)).isEqualTo(4.0);
        }
    }

    @Test
    void onlyTheLatestLinesAreKeptButAllAreCounted() {
        long mark = Notices.mark();
        Notices.Redirect redirect = Notices.to(line -> { });
        try {
            for (int i = 0; i < Notices.KEPT + 5; i++) {
                Notices.say("line " + i);
            }
        } finally {
            redirect.close();
        }
        Notices.Said said = Notices.since(mark);
        assertThat(said.count()).isEqualTo(Notices.KEPT + 5);
        assertThat(said.latest()).hasSize(Notices.KEPT).last().isEqualTo("line " + (Notices.KEPT + 4));
    }
}
