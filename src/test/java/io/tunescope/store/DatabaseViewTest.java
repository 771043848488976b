package io.tunescope.store;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DatabaseViewTest {
    private static EngineReading counters(String at, List<EngineReading.Counter> counters, String... notes) {
        return new EngineReading(at, List.of(), counters, List.of(notes));
    }

    @Test
    void numericCountersGetTheirChangeAndOthersKeepTheirText() {
        EngineReading settings = new EngineReading("t0", List.of(
                new EngineSetting("work_mem", "8192", "kB", "configuration file", "4096", true),
                new EngineSetting("seq_page_cost", "1", null, "default", "1", false)), List.of(), List.of());
        EngineReading before = counters("t1", List.of(new EngineReading.Counter("pg_stat_database", "xact_commit", "10"),
                new EngineReading.Counter("pg_stat_database", "stats_reset", "2026-01-01"),
                new EngineReading.Counter("pg_stat_statements", "42.calls", "3")), "pg_stat_statements: note");
        EngineReading after = counters("t2", List.of(new EngineReading.Counter("pg_stat_database", "xact_commit", "25"),
                new EngineReading.Counter("pg_stat_database", "stats_reset", "2026-01-01"),
                new EngineReading.Counter("pg_stat_statements", "7.calls", "1")), "pg_stat_statements: note");
        DatabaseView view = DatabaseView.of(settings, before, after);
        assertThat(view.counter("pg_stat_database", "xact_commit").change()).isEqualTo(15.0);
        assertThat(view.counter("pg_stat_database", "stats_reset").change()).isNull();
        // a statement only one reading had: its side is missing, no change
        assertThat(view.counter("pg_stat_statements", "42.calls").after()).isNull();
        assertThat(view.counter("pg_stat_statements", "7.calls").before()).isNull();
        assertThat(view.counter("pg_stat_statements", "7.calls").change()).isNull();
        assertThat(view.changedSettings()).extracting(EngineSetting::name).containsExactly("work_mem");
        assertThat(view.notes()).containsExactly("pg_stat_statements: note");
        assertThat(view.headlineChanges(5)).extracting(DatabaseView.CounterChange::name).containsExactly("xact_commit");
        assertThat(view.beforeAt()).isEqualTo("t1");
        assertThat(view.afterAt()).isEqualTo("t2");
    }

    @Test
    void anEntryMissingBeforeCountsFromZeroOnlyWhenTheReadingBeforeListedEveryEntry() {
        EngineReading after = counters("t2", List.of(new EngineReading.Counter("pg_stat_statements", "7.calls", "6")));
        EngineReading complete = counters("t1", List.of(new EngineReading.Counter("pg_stat_statements", "1.calls", "2"),
                new EngineReading.Counter("pg_stat_statements", DatabaseView.ENTRIES, "1"),
                new EngineReading.Counter("pg_stat_statements", DatabaseView.ENTRIES_LISTED, "1")));
        DatabaseView.CounterChange fromZero = DatabaseView.of(null, complete, after)
                .counter("pg_stat_statements", "7.calls");
        assertThat(fromZero.before()).isNull();
        assertThat(fromZero.change()).isEqualTo(6.0);
        EngineReading truncated = counters("t1", List.of(new EngineReading.Counter("pg_stat_statements", "1.calls", "2"),
                new EngineReading.Counter("pg_stat_statements", DatabaseView.ENTRIES, "80"),
                new EngineReading.Counter("pg_stat_statements", DatabaseView.ENTRIES_LISTED, "1")));
        assertThat(DatabaseView.of(null, truncated, after).counter("pg_stat_statements", "7.calls").change())
                .isNull();
    }

    @Test
    void aRunThatEndedBeforeTheUsersFinishedSaysWhichReadingIsMissing() {
        EngineReading before = counters("t1", List.of(new EngineReading.Counter("global_status", "Com_select", "4")));
        DatabaseView view = DatabaseView.of(null, before, null);
        assertThat(view.counter("global_status", "Com_select").change()).isNull();
        assertThat(view.notes()).containsExactly("no counters after the users: the run ended before they finished");
        assertThat(DatabaseView.of(null, null, null).notes())
                .containsExactly("no counters before the users: the run ended before they started");
    }

    @Test
    void headlineChangesAreTheLargestFirstAndLeaveOutUnchangedOnes() {
        EngineReading before = counters("t1", List.of(new EngineReading.Counter("global_status", "Com_select", "4"),
                new EngineReading.Counter("global_status", "Innodb_rows_read", "100"),
                new EngineReading.Counter("global_status", "Com_insert", "0"),
                new EngineReading.Counter("global_status", "Uptime", "5")));
        EngineReading after = counters("t2", List.of(new EngineReading.Counter("global_status", "Com_select", "9"),
                new EngineReading.Counter("global_status", "Innodb_rows_read", "9100"),
                new EngineReading.Counter("global_status", "Com_insert", "0"),
                new EngineReading.Counter("global_status", "Uptime", "50")));
        assertThat(DatabaseView.of(null, before, after).headlineChanges(10)).extracting(DatabaseView.CounterChange::name)
                .containsExactly("Innodb_rows_read", "Com_select");
    }
}
