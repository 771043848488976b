package io.tunescope.monitor.trace;

import java.util.Map;

/**
 * The per-thread timelines of one trace.
 *
 * @param firstNanos   the trace's first timestamp ({@code Long.MIN_VALUE} when it had none)
 * @param lostEvents   events the kernel reported dropped (ring-buffer overflow)
 * @param lostMarks    lines reporting a loss, counted ones and buffers that started late alike
 * @param hotplugSteps CPU hot-plug steps seen
 */
public record TraceSummary(Map<Integer, ThreadTrace> threads, long firstNanos, long lastNanos, long lostEvents,
                           long lostMarks, long hotplugSteps) {
    public TraceSummary {
        threads = Map.copyOf(threads);
    }

    /** True when nothing was lost: every figure is exact. */
    public boolean complete() {
        return lostMarks == 0;
    }
}
