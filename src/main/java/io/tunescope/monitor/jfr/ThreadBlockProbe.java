package io.tunescope.monitor.jfr;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ThreadMXBean's per-thread blocked and waited counts and times over an interval: a second opinion beside JFR.
 * Times need contention monitoring, which this probe switches on only when asked (it costs a little per block).
 */
public final class ThreadBlockProbe {
    private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    private final long[] threadIds;
    private final Map<Long, ThreadInfo> start = new HashMap<>();
    private final boolean timed;
    private final boolean wasEnabled;

    public ThreadBlockProbe(List<Thread> threads, boolean measureTimes) {
        this.threadIds = threads.stream().mapToLong(Thread::getId).toArray();
        this.timed = measureTimes && mx.isThreadContentionMonitoringSupported();
        this.wasEnabled = mx.isThreadContentionMonitoringSupported() && mx.isThreadContentionMonitoringEnabled();
        if (timed) {
            mx.setThreadContentionMonitoringEnabled(true);
        }
    }

    public void begin() {
        start.clear();
        for (ThreadInfo info : mx.getThreadInfo(threadIds)) {
            if (info != null) {
                start.put(info.getThreadId(), info);
            }
        }
    }

    /**
     * Per-thread deltas since {@link #begin()}; threads that ended in between are left out. Switches contention
     * monitoring back off if this probe switched it on, so later unrecorded points do not pay for it.
     */
    public List<ThreadBlockStats> end() {
        List<ThreadBlockStats> out = new ArrayList<>();
        for (ThreadInfo now : mx.getThreadInfo(threadIds)) {
            ThreadInfo then = now == null ? null : start.get(now.getThreadId());
            if (then == null) {
                continue;
            }
            out.add(new ThreadBlockStats(now.getThreadName(),
                    now.getBlockedCount() - then.getBlockedCount(),
                    timed ? now.getBlockedTime() - then.getBlockedTime() : -1,
                    now.getWaitedCount() - then.getWaitedCount(),
                    timed ? now.getWaitedTime() - then.getWaitedTime() : -1));
        }
        if (timed && !wasEnabled) {
            mx.setThreadContentionMonitoringEnabled(false);
        }
        return out;
    }
}
