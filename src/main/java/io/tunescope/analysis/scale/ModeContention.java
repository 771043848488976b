package io.tunescope.analysis.scale;

import io.tunescope.analysis.Stats;
import io.tunescope.monitor.jfr.ContentionTable;
import io.tunescope.monitor.jfr.ThreadBlockStats;
import io.tunescope.workload.micro.PointRun;

import java.util.List;

/**
 * The JFR-recorded point of one mode: the contention table, ThreadMXBean's per-thread blocked counts and times
 * (second opinion), and the recording's own cost: throughput with it over throughput of the same point measured
 * without it just before, in the same JVM.
 */
public record ModeContention(String mode, int threads, String jfrFile, ContentionTable table,
                             List<ThreadBlockStats> threadStats, long mxBlockedCount, long mxBlockedMillis,
                             double opsPerSecRecorded, Double opsPerSecUnrecorded, Double recordingCostRatio) {
    public ModeContention {
        threadStats = List.copyOf(threadStats);
    }

    public static ModeContention of(PointRun recorded, PointResult unrecorded) {
        double with = Stats.mean(recorded.iterationOpsPerSec());
        Double without = unrecorded == null ? null : unrecorded.opsPerSec();
        long count = recorded.threadStats().stream().mapToLong(ThreadBlockStats::blockedCount).sum();
        long millis = recorded.threadStats().stream().mapToLong(s -> Math.max(0, s.blockedMillis())).sum();
        return new ModeContention(recorded.mode().label(), recorded.threads(), recorded.jfrFile(),
                recorded.contention(), recorded.threadStats(), count, millis, with, without,
                without == null || without == 0 ? null : with / without);
    }
}
