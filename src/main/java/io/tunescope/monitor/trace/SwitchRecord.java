package io.tunescope.monitor.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.HashSet;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The second instance's record of {@code sched_switch} (not filtered by pid; see {@link TracefsTracer}): per CPU, the
 * times of the switches it holds. It answers one question for the timeline: when a monitored thread shows up on a
 * CPU without a recorded switch-in, what is the last recorded switch on that CPU before it? The thread cannot have
 * been switched in before that one (its prev is a thread whose switches are recorded, so not the monitored thread,
 * and its next, had it been the monitored thread, would be in the pid-filtered trace too), so the inferred window
 * starts there. Why switch-ins go missing at all: on this machine's kernel no {@code sched_switch} out of certain
 * tasks is recorded (see docs/benchmarks.md, "Exact mode"), so the switch from such a task into a monitored thread is
 * missing in every instance; the switch INTO such a task is recorded. Pure and immutable once built.
 */
public final class SwitchRecord {
    /** Nothing recorded: windows start where the pid-filtered trace alone says. */
    public static final SwitchRecord NONE = new SwitchRecord(Map.of(), 0, 0);

    private final Map<Integer, long[]> byCpu;
    private final long switches;
    private final long lostMarks;

    private SwitchRecord(Map<Integer, long[]> byCpu, long switches, long lostMarks) {
        this.byCpu = byCpu;
        this.switches = switches;
        this.lostMarks = lostMarks;
    }

    /** The switches among {@code events}; losses are counted (a record with losses narrows nothing). */
    public static SwitchRecord of(List<SchedEvent> events) {
        Map<Integer, List<SchedEvent.Switch>> lists = new HashMap<>();
        long n = 0;
        long lost = 0;
        for (SchedEvent e : events) {
            if (e instanceof SchedEvent.Switch s && s.cpu() >= 0) {
                lists.computeIfAbsent(s.cpu(), k -> new ArrayList<>()).add(s);
                n++;
            } else if (e instanceof SchedEvent.Lost) {
                lost++;
            }
        }
        Map<Integer, long[]> out = new HashMap<>();
        for (Map.Entry<Integer, List<SchedEvent.Switch>> e : lists.entrySet()) {
            // time and prev packed side by side, sorted by time
            List<SchedEvent.Switch> sorted = new ArrayList<>(e.getValue());
            sorted.sort(java.util.Comparator.comparingLong(SchedEvent.Switch::nanos));
            long[] packed = new long[sorted.size() * 2];
            for (int i = 0; i < sorted.size(); i++) {
                packed[2 * i] = sorted.get(i).nanos();
                packed[2 * i + 1] = sorted.get(i).prevTid();
            }
            out.put(e.getKey(), packed);
        }
        return new SwitchRecord(out, n, lost);
    }

    /**
     * The last recorded switch on {@code cpu} at or before {@code nanos} that did not take {@code tid} off the CPU
     * (a switch out of {@code tid} ends its run, it cannot start it; the record's copy of a switch can be stamped
     * earlier than the pid-filtered instance's); {@code Long.MIN_VALUE} when there is none or when the record lost
     * events (then it proves nothing).
     */
    public long latestAtOrBefore(int cpu, long nanos, int tid) {
        long[] packed = byCpu.get(cpu);
        if (packed == null || lostMarks > 0) {
            return Long.MIN_VALUE;
        }
        int lo = 0;
        int hi = packed.length / 2 - 1;
        int at = -1; // the last index with time <= nanos
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (packed[2 * mid] <= nanos) {
                at = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        while (at >= 0 && packed[2 * at + 1] == tid) {
            at--;
        }
        return at >= 0 ? packed[2 * at] : Long.MIN_VALUE;
    }

    /** Switches recorded. */
    public long switches() {
        return switches;
    }

    /** Loss marks in the record. */
    public long lostMarks() {
        return lostMarks;
    }

    /**
     * The tasks whose switches out are not recorded: after a switch into one of them the same CPU's next recorded
     * switch leaves from another task, and no switch out of it is recorded at all (a task that shows up as prev
     * anywhere was just not read in full: a record read while it is written can miss lines). The idle task, 0, is
     * left out: switches into it are too many to record them all. Events in trace order.
     */
    public static SortedSet<Integer> unrecordedLeavers(List<SchedEvent> events) {
        Map<Integer, Integer> current = new HashMap<>();
        SortedSet<Integer> out = new TreeSet<>();
        Set<Integer> leftRecorded = new HashSet<>();
        for (SchedEvent e : events) {
            if (e instanceof SchedEvent.Switch s) {
                leftRecorded.add(s.prevTid());
                Integer before = current.put(s.cpu(), s.nextTid());
                if (before != null && before != s.prevTid() && before > 0) {
                    out.add(before);
                }
            } else if (e instanceof SchedEvent.Lost) {
                current.clear(); // nothing can be said across a loss
            }
        }
        out.removeAll(leftRecorded);
        return out;
    }
}
