package io.tunescope.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The tenant databases' own views of a run as two tables of results.duckdb, a row per tenant and setting or counter,
 * named like {@code query_stats} (snake_case, the tenant first): {@code engine_settings} (tenant, name, value, unit,
 * source, default_value, changed) and {@code engine_counters} (tenant, view, name, before, after, change).
 */
final class EngineViewTables {
    static final String SETTINGS = "engine_settings";
    static final String COUNTERS = "engine_counters";

    private EngineViewTables() {
    }

    /** Both tables; empty when no tenant's database was read (they are then left out). */
    static List<ResultsTable> of(RunSummary summary) {
        List<List<Object>> settings = new ArrayList<>();
        List<List<Object>> counters = new ArrayList<>();
        for (RunSummary.TenantSummary tenant : summary.tenants()) {
            DatabaseView view = tenant.database();
            if (view == null) {
                continue;
            }
            for (EngineSetting s : view.settings()) {
                settings.add(Arrays.asList(tenant.name(), s.name(), s.value(), s.unit(), s.source(), s.defaultValue(),
                        s.changed()));
            }
            for (DatabaseView.CounterChange c : view.counters()) {
                counters.add(Arrays.asList(tenant.name(), c.view(), c.name(), c.before(), c.after(), c.change()));
            }
        }
        if (settings.isEmpty() && counters.isEmpty()) {
            return List.of();
        }
        return List.of(new ResultsTable.Rows(SETTINGS, List.of("tenant", "name", "value", "unit", "source",
                        "default_value", "changed"), settings),
                new ResultsTable.Rows(COUNTERS, List.of("tenant", "view", "name", "before", "after", "change"),
                        counters));
    }
}
