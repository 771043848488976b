package io.tunescope.monitor.trace;

import java.util.Map;

/**
 * The per-thread timelines of one trace.
 *
 * @param firstNanos   the trace's first timestamp ({@code Long.MIN_VALUE} when it had none)
 * @param lostEvents   events the kernel reported dropped (ring-buffer overflow)
 * @param lostMarks    lines reporting a loss, counted ones and buffers that started late alike
 * @param hotplugSteps CPU hot-plug steps seen
 * @param inferredWindows per thread, {@code {switch-ins inferred, nanoseconds of their windows, nanoseconds by which
 *                        the switch record and the runtime charges narrowed them}}: a switch-in the
 *                        kernel did not record starts at the earliest moment it can have happened; the true start lies
 *                        up to the window later, so the thread's on-CPU time is too high by at most the window sum
 */
public record TraceSummary(Map<Integer, ThreadTrace> threads, long firstNanos, long lastNanos, long lostEvents,
                           long lostMarks, long hotplugSteps, Map<Integer, long[]> inferredWindows) {
    public TraceSummary {
        threads = Map.copyOf(threads);
        inferredWindows = Map.copyOf(inferredWindows);
    }

    public TraceSummary(Map<Integer, ThreadTrace> threads, long firstNanos, long lastNanos, long lostEvents,
                        long lostMarks, long hotplugSteps) {
        this(threads, firstNanos, lastNanos, lostEvents, lostMarks, hotplugSteps, Map.of());
    }

    /** True when nothing was lost: every figure is exact. */
    public boolean complete() {
        return lostMarks == 0;
    }
}
