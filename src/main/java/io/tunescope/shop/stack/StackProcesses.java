package io.tunescope.shop.stack;

import io.tunescope.store.ShopSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The CPU time of each process of the stack, read at the start and the end of the measurement interval: each proxy
 * (nginx's master, then its workers), every application node, the database's processes.
 */
final class StackProcesses {
    private record Proc(String tier, String node, long pid) {
    }

    private final ShopStack stack;
    private List<Proc> processes = List.of();
    private Map<Long, Double> atStart = Map.of();
    private Map<Long, Double> atEnd = Map.of();

    StackProcesses(ShopStack stack) {
        this.stack = stack;
    }

    /** The processes as they are now (nginx's workers are counted from here). */
    private List<Proc> list() {
        List<Proc> out = new ArrayList<>();
        boolean oneLine = stack.lines.size() == 1;
        for (ShopStack.Line l : stack.lines) {
            if (l.proxy() != null) {
                // several proxies: each member named after its proxy node (proxy1-nginx, proxy1-nginx-worker1)
                l.proxy().members().forEach(m -> out.add(new Proc("proxy", oneLine ? m.name()
                        : l.proxyNode() + "-" + m.name(), m.pid())));
            }
        }
        stack.apps.forEach(a -> out.add(new Proc("app", a.name(), a.pid())));
        List<Long> pids = stack.database.pids();
        for (int k = 0; k < pids.size(); k++) {
            out.add(new Proc("db", stack.database.kind() + (k == 0 ? "" : "-" + k), pids.get(k)));
        }
        return out;
    }

    void markStart() {
        processes = list();
        atStart = cpu();
    }

    void markEnd() {
        atEnd = cpu();
    }

    private Map<Long, Double> cpu() {
        Map<Long, Double> m = new TreeMap<>();
        for (Proc p : processes) {
            m.put(p.pid(), ProcessHandle.of(p.pid()).flatMap(h -> h.info().totalCpuDuration())
                    .map(d -> d.toNanos() / 1e6).orElse(0.0));
        }
        return m;
    }

    /** One row per process: proxy, application nodes, then the database's processes (its main process first). */
    List<ShopSummary.Tier> tiers() {
        List<ShopSummary.Tier> tiers = new ArrayList<>();
        for (Proc p : processes.isEmpty() ? list() : processes) {
            tiers.add(new ShopSummary.Tier(p.tier(), p.node(), p.pid(), delta(p.pid())));
        }
        return tiers;
    }

    private double delta(long pid) {
        double end = atEnd.getOrDefault(pid, 0.0);
        return Math.max(0, end - atStart.getOrDefault(pid, 0.0));
    }
}
