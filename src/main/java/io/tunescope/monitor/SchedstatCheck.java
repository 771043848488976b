package io.tunescope.monitor;

import io.tunescope.monitor.proc.SchedstatParser;
import io.tunescope.monitor.trace.ThreadTrace;
import io.tunescope.monitor.trace.TraceSummary;
import io.tunescope.store.MonitorSummary.SchedstatAgreement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks exact mode against the kernel's own accounting: each traced thread's on-CPU time from the trace, clipped to
 * the moments its {@code /proc/TID/schedstat} was read before and after, against the difference of the two readings.
 * Tracing must run across both readings. The kernel brings a thread's schedstat total up to date only when it leaves
 * the CPU or at a scheduler tick, so the reading of a thread that is on a CPU at that moment lags by up to a tick: such
 * a thread (the trace says which) is not judged one by one, and neither is one with little CPU
 * ({@link #MIN_CPU_MILLIS}); both still count in the total.
 */
public final class SchedstatCheck {
    /** Threads below this much schedstat CPU in the window are not judged one by one. */
    public static final double MIN_CPU_MILLIS = 20;

    private SchedstatCheck() {
    }

    /**
     * One reading per thread: tid → {@code {System.nanoTime() just before the read, on-CPU nanoseconds,
     * System.nanoTime() just after it}} (the third may be missing: then the read took no time).
     */
    public record Snapshot(Map<Integer, long[]> byTid) {
        public Snapshot {
            byTid = Map.copyOf(byTid);
        }
    }

    /**
     * Reads the schedstat of every thread of {@code pids} and of their child processes (through
     * {@code /proc/PID/task/TID/children} where the kernel has it); threads that vanish meanwhile are left out.
     */
    public static Snapshot read(Path procRoot, Collection<Integer> pids) {
        Map<Integer, long[]> out = new TreeMap<>();
        Deque<Integer> todo = new ArrayDeque<>(pids);
        Set<Integer> seen = new HashSet<>();
        long[] values = new long[3];
        while (!todo.isEmpty()) {
            int pid = todo.pop();
            if (!seen.add(pid)) {
                continue;
            }
            String[] tasks = procRoot.resolve(Integer.toString(pid)).resolve("task").toFile().list();
            for (String name : tasks == null ? new String[0] : tasks) {
                if (name.isEmpty() || name.length() > 9 || !name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                Path task = procRoot.resolve(Integer.toString(pid)).resolve("task").resolve(name);
                try {
                    long at = System.nanoTime();
                    byte[] b = Files.readAllBytes(task.resolve("schedstat"));
                    if (SchedstatParser.parse(b, b.length, values)) {
                        out.put(Integer.parseInt(name), new long[] {at, values[0], System.nanoTime()});
                    }
                    Path children = task.resolve("children");
                    if (Files.isReadable(children)) {
                        for (String c : Files.readString(children).trim().split("\\s+")) {
                            if (!c.isEmpty() && c.length() < 10 && c.chars().allMatch(Character::isDigit)) {
                                todo.push(Integer.parseInt(c));
                            }
                        }
                    }
                } catch (IOException e) {
                    // the thread ended between listing and reading
                }
            }
        }
        return new Snapshot(out);
    }

    /**
     * The trace against the two readings. The total is judged from {@link #MIN_CPU_MILLIS} on, like each thread; with
     * nothing to judge, {@code withinOnePercent} is null. A thread read only after (born in between) counts from 0 at the trace's
     * first timestamp; one read only before (it ended) cannot be checked and is left out.
     */
    public static SchedstatAgreement compare(Snapshot before, Snapshot after, TraceSummary trace) {
        return compare(before, after, trace, (tid, traced, stat, busy) -> { });
    }

    /** One thread's figures: its on-CPU nanoseconds from the trace and from schedstat. */
    @FunctionalInterface
    public interface ThreadRow {
        void accept(int tid, long traceNanos, long schedstatNanos, boolean onCpuAtAReading);
    }

    /** {@link #compare(Snapshot, Snapshot, TraceSummary)}, handing each thread's figures to {@code rows}. */
    public static SchedstatAgreement compare(Snapshot before, Snapshot after, TraceSummary trace, ThreadRow rows) {
        int threads = 0;
        long traceSum = 0;
        long statSum = 0;
        int checked = 0;
        int busyAtReading = 0;
        double worst = 0;
        int worstTid = -1;
        long inferredSwitchIns = 0;
        long inferredNanos = 0;
        long narrowedNanos = 0;
        for (Map.Entry<Integer, long[]> e : after.byTid().entrySet()) {
            long[] a = e.getValue();
            long[] b = before.byTid().getOrDefault(e.getKey(), new long[] {trace.firstNanos(), 0});
            ThreadTrace t = trace.threads().get(e.getKey());
            long traced = t == null ? 0 : t.onCpuNanos(b[0], a[0]);
            long stat = a[1] - b[1];
            // on a CPU at a reading, or at any moment while it was being read (the reader can be preempted
            // between its clock and the read: a thread that ran meanwhile is counted by schedstat, not the trace)
            boolean busy = t != null && (t.onCpuAt(b[0]) || t.onCpuAt(a[0])
                    || t.onCpuNanos(b[0], readEnd(b)) > 0 || t.onCpuNanos(a[0], readEnd(a)) > 0);
            rows.accept(e.getKey(), traced, stat, busy);
            threads++;
            traceSum += traced;
            long[] w = trace.inferredWindows().get(e.getKey());
            inferredSwitchIns += w == null ? 0 : w[0];
            inferredNanos += w == null ? 0 : w[1];
            narrowedNanos += w == null || w.length < 3 ? 0 : w[2];
            statSum += stat;
            busyAtReading += busy ? 1 : 0;
            if (stat / 1e6 >= MIN_CPU_MILLIS && !busy) {
                checked++;
                double diff = 100.0 * (traced - stat) / stat;
                if (Math.abs(diff) >= Math.abs(worst)) {
                    worst = diff;
                    worstTid = e.getKey();
                }
            }
        }
        double total = statSum == 0 ? 0 : 100.0 * (traceSum - statSum) / statSum;
        boolean totalJudged = statSum / 1e6 >= MIN_CPU_MILLIS;
        Boolean within = checked == 0 && !totalJudged ? null
                : Math.abs(worst) <= 1.0 && (!totalJudged || Math.abs(total) <= 1.0);
        return new SchedstatAgreement(threads, traceSum / 1e6, statSum / 1e6, total, checked, busyAtReading,
                MIN_CPU_MILLIS, worst, worstTid, within, inferredSwitchIns, inferredNanos / 1e6, narrowedNanos / 1e6);
    }

    private static long readEnd(long[] reading) {
        return reading.length > 2 ? Math.max(reading[0], reading[2]) : reading[0];
    }
}
