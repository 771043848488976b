package io.tunescope.monitor.jfr;

import java.util.List;

/**
 * Contended locks of one recording, most blocked time first, with the totals they share; and the methods the same
 * threads were sampled running in, most samples first.
 */
public record ContentionTable(List<LockStat> topMonitors, long totalBlockedMillis, long totalEvents,
                              List<HotMethod> hotMethods, long cpuSamples) {
    public ContentionTable {
        topMonitors = List.copyOf(topMonitors);
        hotMethods = List.copyOf(hotMethods);
    }

    public static ContentionTable empty() {
        return new ContentionTable(List.of(), 0, 0, List.of(), 0);
    }

    /** The lock with most blocked time, or null when nothing was contended. */
    public LockStat top() {
        return topMonitors.isEmpty() ? null : topMonitors.get(0);
    }
}
