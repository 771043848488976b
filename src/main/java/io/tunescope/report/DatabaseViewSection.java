package io.tunescope.report;

import io.tunescope.store.DatabaseView;
import io.tunescope.store.EngineSetting;
import io.tunescope.store.RunSummary;
import io.tunescope.store.SummaryDocument;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The report's section on each tenant database's own view of a run: the settings that differ from the engine's
 * defaults, and the headline counters' changes between before and after the users (transactions, blocks read and
 * hit, temporary bytes, checkpoints; InnoDB and statements by kind on MariaDB).
 */
final class DatabaseViewSection {
    /** Counters shown per tenant; every counter is in summary.json and in results.duckdb's engine_counters. */
    static final int COUNTERS_SHOWN = 20;

    private DatabaseViewSection() {
    }

    /** Whether {@code summary} is a run with a database view to show. */
    static boolean applies(SummaryDocument summary) {
        return summary instanceof RunSummary run && run.tenants().stream().anyMatch(t -> t.database() != null);
    }

    static void render(Html h, SummaryDocument summary, String number) {
        if (!(summary instanceof RunSummary run)) {
            return;
        }
        h.heading(2, number + ". The database's own view", "database");
        h.paragraph("What each tenant's database reported about itself: its settings, read before the users "
                + "started, and its counters before the users started (warm-up included) and after they finished. "
                + "All settings and counters are in summary.json and in results.duckdb (engine_settings, "
                + "engine_counters); secrets are masked.");
        for (RunSummary.TenantSummary tenant : run.tenants()) {
            DatabaseView view = tenant.database();
            if (view == null) {
                continue;
            }
            h.heading(3, "Tenant " + tenant.name(), null);
            List<List<Object>> settings = new ArrayList<>();
            for (EngineSetting s : view.changedSettings()) {
                settings.add(Arrays.asList(s.name(), withUnit(s.value(), s.unit()), withUnit(s.defaultValue(), s.unit()),
                        orDash(s.source())));
            }
            h.paragraph(settings.size() + " of " + view.settings().size() + " settings differ from the defaults:");
            if (!settings.isEmpty()) {
                h.table(List.of("setting", "value", "default", "source"), settings);
            }
            List<List<Object>> counters = new ArrayList<>();
            for (DatabaseView.CounterChange c : view.headlineChanges(COUNTERS_SHOWN)) {
                counters.add(Arrays.asList(c.view(), c.name(), orDash(c.before()), orDash(c.after()),
                        String.format(Locale.ROOT, "%+,.0f", c.change())));
            }
            h.paragraph(counters.isEmpty() ? "No headline counter changed." : "Headline counters that changed:");
            if (!counters.isEmpty()) {
                h.table(List.of("view", "counter", "before", "after", "change"), counters);
            }
            for (String note : view.notes()) {
                h.raw("<p class=\"note\">").raw(Html.escape(note)).raw("</p>\n");
            }
        }
    }

    private static String withUnit(String value, String unit) {
        return value == null ? "-" : unit == null ? value : value + " (" + unit + ")";
    }

    private static String orDash(String value) {
        return value == null ? "-" : value;
    }
}
