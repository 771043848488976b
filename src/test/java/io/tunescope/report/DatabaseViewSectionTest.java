package io.tunescope.report;

import io.tunescope.store.DatabaseView;
import io.tunescope.store.EngineReading;
import io.tunescope.store.EngineSetting;
import io.tunescope.store.RunSummary;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DatabaseViewSectionTest {
    @Test
    void showsTheSettingsThatDifferFromTheDefaultsAndTheHeadlineCountersThatChanged() {
        EngineReading settings = new EngineReading("t0", List.of(
                new EngineSetting("work_mem", "8192", "kB", "configuration file", "4096", true),
                new EngineSetting("seq_page_cost", "1", null, "default", "1", false),
                new EngineSetting("ssl_passphrase_command", "echo x", null, "configuration file", "", true)),
                List.of(), List.of());
        EngineReading before = new EngineReading("t1", List.of(), List.of(
                new EngineReading.Counter("pg_stat_database", "xact_commit", "10"),
                new EngineReading.Counter("pg_stat_database", "blks_hit", "7"),
                new EngineReading.Counter("pg_stat_database", "numbackends", "1")), List.of());
        EngineReading after = new EngineReading("t2", List.of(), List.of(
                new EngineReading.Counter("pg_stat_database", "xact_commit", "1510"),
                new EngineReading.Counter("pg_stat_database", "blks_hit", "7"),
                new EngineReading.Counter("pg_stat_database", "numbackends", "3")), List.of("a note"));
        RunSummary.TenantSummary tenant = new RunSummary.TenantSummary("t1", List.of(), null, null, 0, 0, 0, null,
                List.of(), null, DatabaseView.of(settings, before, after));
        RunSummary run = new RunSummary(true, null, "postgres", null, 0.01, 1, "now", 1, null, null,
                List.of(tenant));
        assertThat(DatabaseViewSection.applies(run)).isTrue();
        Html h = new Html();
        DatabaseViewSection.render(h, run, "5");
        String html = h.toString();
        assertThat(html).contains("5. The database's own view").contains("2 of 3 settings differ")
                .contains("work_mem").contains("8192 (kB)").contains("4096 (kB)").doesNotContain("seq_page_cost")
                .doesNotContain("echo x").contains("********")
                .contains("xact_commit").contains("+1,500").doesNotContain("blks_hit")
                .doesNotContain("numbackends").contains("a note");
    }

    @Test
    void aRunWithoutTheViewHasNoSection() {
        RunSummary run = new RunSummary(true, null, "duckdb", null, 0.01, 1, "now", 1, null, null, List.of(
                new RunSummary.TenantSummary("t1", List.of(), null, null, 0, 0, 0, null, List.of())));
        assertThat(DatabaseViewSection.applies(run)).isFalse();
    }
}
