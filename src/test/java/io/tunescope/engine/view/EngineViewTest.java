package io.tunescope.engine.view;

import io.tunescope.store.EngineReading;
import io.tunescope.store.EngineSetting;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The embedded engines' views, read from databases opened here. */
class EngineViewTest {
    @Test
    void duckDbSettingsAreComparedWithAFreshDatabaseAndItsMemoryIsRead() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("SET threads = 1");
            s.execute("SET default_order = 'DESC'");
            EngineReading settings = EngineView.readSettings(c);
            assertThat(setting(settings, "default_order").value()).isEqualToIgnoringCase("desc");
            assertThat(setting(settings, "default_order").changed()).isTrue();
            assertThat(setting(settings, "default_null_order").changed()).isFalse();
            assertThat(setting(settings, "threads").changed())
                    .isEqualTo(Runtime.getRuntime().availableProcessors() > 1);
            EngineReading counters = EngineView.readCounters(c);
            assertThat(counters.counters()).isNotEmpty().allMatch(k -> k.view().equals("duckdb_memory"));
        }
    }

    @Test
    void h2AndHsqldbAndSqliteGiveTheirSettingsAndSayTheyKeepNoCounters() throws Exception {
        for (String url : List.of("jdbc:h2:mem:view", "jdbc:hsqldb:mem:view", "jdbc:sqlite::memory:")) {
            try (Connection c = DriverManager.getConnection(url, "SA", "")) {
                EngineReading settings = EngineView.readSettings(c);
                assertThat(settings.settings()).as(url).isNotEmpty();
                assertThat(settings.notes()).as(url).isEmpty();
                EngineReading counters = EngineView.readCounters(c);
                assertThat(counters.counters()).as(url).isEmpty();
                assertThat(counters.notes()).as(url).containsExactly("counters: this engine keeps none that JDBC can read");
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            assertThat(setting(EngineView.readSettings(c), "journal_mode").value()).isEqualTo("memory");
        }
    }

    @Test
    void derbyGivesTheTuningPropertiesThatAreSetAndLeavesOutTheOthers(@org.junit.jupiter.api.io.TempDir
                                                                      java.nio.file.Path dir) throws Exception {
        if (System.getProperty("derby.stream.error.file") == null) {
            // Derby's log goes where the test's files go, not into the working directory
            System.setProperty("derby.stream.error.file", dir.resolve("derby.log").toString());
        }
        try (Connection c = DriverManager.getConnection("jdbc:derby:memory:view;create=true");
             Statement s = c.createStatement()) {
            s.execute("CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('derby.locks.waitTimeout', '7')");
            EngineReading settings = EngineView.readSettings(c);
            assertThat(setting(settings, "derby.locks.waitTimeout").value()).isEqualTo("7");
            assertThat(settings.settings()).extracting(EngineSetting::name).doesNotContain("derby.storage.pageSize");
        }
    }

    private static EngineSetting setting(EngineReading reading, String name) {
        return reading.settings().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + reading));
    }
}
