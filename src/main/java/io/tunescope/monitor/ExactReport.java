package io.tunescope.monitor;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.tunescope.monitor.trace.ThreadTrace;
import io.tunescope.monitor.trace.TraceSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What exact mode (the scheduler trace) measured over a recording, per thread, beside the sampled figures of
 * {@link MonitorReport}. On-CPU time is clipped to the recording's window; counts cover the traced span, which
 * holds the recording's (tracing starts before the first tick and stops after the last).
 *
 * @param lostEvents   events the kernel dropped; when non-zero, threads marked {@code uncertain} hold bounds
 * @param complete     nothing was lost: every figure is exact
 */
@JsonPropertyOrder({"events", "lostEvents", "hotplugSteps", "complete", "threads"})
public record ExactReport(long events, long lostEvents, long hotplugSteps, boolean complete, List<Entry> threads) {
    public ExactReport {
        threads = List.copyOf(threads);
    }

    /** One thread; {@code migrations} counts only those the thread ran itself (see TracefsTracer). */
    @JsonPropertyOrder({"tid", "cpuMillis", "sleeps", "voluntarySwitches", "involuntarySwitches", "runDelayMillis",
        "coreChanges", "migrations", "uncertain"})
    public record Entry(int tid, double cpuMillis, long sleeps, long voluntarySwitches, long involuntarySwitches,
                        double runDelayMillis, long coreChanges, long migrations, boolean uncertain) {
    }

    /** The trace's figures for the threads of {@code recording}, on-CPU time clipped to its window. */
    public static ExactReport of(TraceSummary trace, long events, Recording recording) {
        List<Entry> out = new ArrayList<>();
        Map<Integer, ThreadTrace> byTid = trace.threads();
        for (ThreadInfo t : recording.threads()) {
            ThreadTrace x = byTid.get(t.tid());
            if (x == null) {
                out.add(new Entry(t.tid(), 0, 0, 0, 0, 0, 0, 0, !trace.complete()));
                continue;
            }
            out.add(new Entry(t.tid(), x.onCpuNanos(recording.startNanos(), recording.endNanos()) / 1e6, x.sleeps(),
                    x.voluntarySwitches(), x.involuntarySwitches(), x.runDelayNanos() / 1e6, x.coreChanges(),
                    x.migrations(), x.uncertain()));
        }
        return new ExactReport(events, trace.lostEvents(), trace.hotplugSteps(), trace.complete(), out);
    }
}
