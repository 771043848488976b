package io.tunescope.monitor;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Monotonic per-group totals, updated by the sampler as counters grow and read at any time by the metrics
 * endpoint. Exited threads keep their contribution, so the totals are proper counters.
 */
public final class LiveTotals {
    private final Map<GroupKey, Group> groups = new ConcurrentHashMap<>();

    Group group(GroupKey key) {
        return groups.computeIfAbsent(key, k -> new Group());
    }

    /** A consistent-enough copy for export (each value is read atomically; the set is sorted by key). */
    public Map<GroupKey, Snapshot> snapshot() {
        Map<GroupKey, Snapshot> out = new TreeMap<>();
        groups.forEach((k, g) -> out.put(k, new Snapshot(g.userTicks.get(), g.systemTicks.get(), g.voluntary.get(),
                g.involuntary.get(), g.migrations.get(), g.cpuNanos.get(), g.threads.get())));
        return out;
    }

    /** Values of one group; tick values are in clock ticks ({@link io.tunescope.monitor.proc.ClockTicks}). */
    public record Snapshot(long userTicks, long systemTicks, long voluntarySwitches, long involuntarySwitches,
                           long migrations, long cpuNanos, long threads) {
    }

    static final class Group {
        final AtomicLong userTicks = new AtomicLong();
        final AtomicLong systemTicks = new AtomicLong();
        final AtomicLong voluntary = new AtomicLong();
        final AtomicLong involuntary = new AtomicLong();
        final AtomicLong migrations = new AtomicLong();
        final AtomicLong cpuNanos = new AtomicLong();
        final AtomicLong threads = new AtomicLong();
    }
}
