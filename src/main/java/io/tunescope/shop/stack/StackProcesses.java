package io.tunescope.shop.stack;

import io.tunescope.store.ShopSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The CPU time of each process of the stack, read at the start and the end of the measurement interval. */
final class StackProcesses {
    private final AppNode app;
    private final ShopDatabase database;
    private Map<Long, Double> atStart = Map.of();
    private Map<Long, Double> atEnd = Map.of();

    StackProcesses(AppNode app, ShopDatabase database) {
        this.app = app;
        this.database = database;
    }

    void markStart() {
        atStart = cpu();
    }

    void markEnd() {
        atEnd = cpu();
    }

    private Map<Long, Double> cpu() {
        Map<Long, Double> m = new TreeMap<>();
        m.put(app.pid(), app.cpuMillis());
        for (long pid : database.pids()) {
            m.put(pid, ProcessHandle.of(pid).flatMap(h -> h.info().totalCpuDuration())
                    .map(d -> d.toNanos() / 1e6).orElse(0.0));
        }
        return m;
    }

    /** One row per process: the application node, then the database's processes (its main process first). */
    List<ShopSummary.Tier> tiers() {
        List<ShopSummary.Tier> tiers = new ArrayList<>();
        tiers.add(new ShopSummary.Tier("app", app.name(), app.pid(), delta(app.pid())));
        List<Long> pids = database.pids();
        for (int k = 0; k < pids.size(); k++) {
            tiers.add(new ShopSummary.Tier("db", database.kind() + (k == 0 ? "" : "-" + k), pids.get(k),
                    delta(pids.get(k))));
        }
        return tiers;
    }

    private double delta(long pid) {
        double end = atEnd.getOrDefault(pid, 0.0);
        return Math.max(0, end - atStart.getOrDefault(pid, 0.0));
    }
}
