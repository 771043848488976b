package io.tunescope.monitor.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * Folds scheduler events, in trace order, into per-thread timelines ({@link ThreadTrace}) for the threads that
 * {@code tracked} accepts. Pure: the result depends on the events alone. Rules where the trace is incomplete:
 * <ul>
 *   <li>every line names the thread current on its CPU (a switch's {@code prev}, the head's {@code comm-PID} of a
 *       wake-up or migration): a thread seen current there without a recorded switch-in (it ran since before the
 *       trace began, or the kernel recorded no switch out of the task before it: seen on 6.18 in a sandbox for
 *       its agent's tasks, in every instance, not a pid-filter drop) is on the CPU since the CPU's last line that
 *       showed another thread current (since the trace's first timestamp when there is none), not before a wake-up
 *       recorded on its CPU while another thread was current there, and not before the last switch the
 *       {@link SwitchRecord} holds on that CPU: an upper bound, usually within
 *       microseconds. Its first runtime charge ({@code sched_stat_runtime}) after that covers the run since the
 *       switch-in, so where the trace has charges the interval starts where that charge does. Where events
 *       were lost on that CPU since its last switch the interval is not counted and the thread is
 *       {@code uncertain};</li>
 *   <li>a CPU switching from a thread other than the one last switched in there, or a thread switched in while it
 *       was on another CPU, means a switch-out went missing: the open interval closes at the event that shows it
 *       (an upper bound) and the thread is marked {@code uncertain};</li>
 *   <li>lost events on a CPU ({@link SchedEvent.Lost}, also a buffer that started late after a hot-plug) mark the
 *       thread on that CPU and every thread waiting for a CPU {@code uncertain}; pending run-queue waits are dropped
 *       rather than guessed;</li>
 *   <li>runtime charges are each thread's on-CPU time where the trace has them ({@link ThreadTrace#onCpuNanos});
 *       a charge recorded on another CPU than the thread's (another task brought it up to date: a wake-up onto its
 *       CPU, a read of its schedstat) counts the same;</li>
 *   <li>hot-plug steps are counted; the scheduler's own switch and migrate events around them are all that the
 *       timelines need.</li>
 * </ul>
 */
public final class SchedTimeline {
    /** Two instances record the same switch up to a few microseconds apart: a record this close is not used. */
    static final long SAME_SWITCH_NANOS = 5_000;
    private final IntPredicate tracked;
    private final SwitchRecord record;
    private final Map<Integer, Acc> threads = new HashMap<>();
    private final Map<Integer, Integer> onCpuNow = new HashMap<>();
    /** Per CPU: {@code {current tid, earliest start of its run, last line's time, lost since the last switch}}. */
    private final Map<Integer, long[]> cpus = new HashMap<>();
    private final Map<Integer, long[]> inferred = new HashMap<>();
    private long firstNanos = Long.MIN_VALUE;
    private long lastNanos = Long.MIN_VALUE;
    private long lostEvents;
    private long lostMarks;
    private long hotplugSteps;
    /** A loss on a CPU the trace does not name: CPUs not seen yet start unsure of their current thread. */
    private boolean lostEverywhere;

    private SchedTimeline(IntPredicate tracked, SwitchRecord record) {
        this.tracked = tracked;
        this.record = record;
    }

    /** The timelines of {@code events} (in trace order) for the threads {@code tracked} accepts. */
    public static TraceSummary build(Iterable<SchedEvent> events, IntPredicate tracked) {
        return build(events, tracked, SwitchRecord.NONE);
    }

    /**
     * As {@link #build(Iterable, IntPredicate)}, with the second instance's {@code record} of switches: an inferred
     * switch-in starts no earlier than the last switch it recorded on that CPU (see {@link SwitchRecord}).
     */
    public static TraceSummary build(Iterable<SchedEvent> events, IntPredicate tracked, SwitchRecord record) {
        SchedTimeline t = new SchedTimeline(tracked, record);
        for (SchedEvent e : events) {
            t.accept(e);
        }
        return t.finish();
    }

    private void accept(SchedEvent e) {
        if (e instanceof SchedEvent.Switch s) {
            clock(s.nanos());
            onSwitch(s);
        } else if (e instanceof SchedEvent.Wakeup w) {
            clock(w.nanos());
            seenCurrent(w.cpu(), w.nanos(), w.currentTid());
            Acc a = acc(w.tid());
            if (a != null && a.onCpu < 0 && a.runnableSince < 0) {
                a.runnableSince = w.nanos();
            }
            if (a != null && a.onCpu < 0 && w.cpu() == w.targetCpu() && w.currentTid() >= 0
                    && w.currentTid() != w.tid()) {
                a.offCpuAt = w.nanos(); // woken on its own CPU while another thread ran there: it was not running
            }
        } else if (e instanceof SchedEvent.Migrate m) {
            clock(m.nanos());
            seenCurrent(m.cpu(), m.nanos(), m.currentTid());
            Acc a = acc(m.tid());
            if (a != null) {
                a.migrations++;
            }
        } else if (e instanceof SchedEvent.Runtime r) {
            clock(r.nanos());
            seenCurrent(r.cpu(), r.nanos(), r.currentTid());
            onCharge(r);
        } else if (e instanceof SchedEvent.Lost l) {
            onLost(l);
        } else if (e instanceof SchedEvent.Hotplug h) {
            clock(h.nanos());
            hotplugSteps++;
        }
    }

    private void clock(long nanos) {
        if (firstNanos == Long.MIN_VALUE) {
            firstNanos = nanos;
        }
        lastNanos = Math.max(lastNanos, nanos);
    }

    /**
     * A line on {@code cpu} at {@code nanos} recorded while {@code tid} was current there (-1: not said): a tracked
     * thread not yet on the CPU was switched in without a line, since the CPU's last line that showed another thread.
     */
    private void seenCurrent(int cpu, long nanos, int tid) {
        if (tid < 0 || cpu < 0) {
            return;
        }
        long[] c = cpus.computeIfAbsent(cpu, k -> new long[] {-1, firstNanos, firstNanos, lostEverywhere ? 1 : 0});
        if (c[0] != tid) {
            c[0] = tid;
            c[1] = c[2];
        }
        c[2] = nanos;
        Acc a = acc(tid);
        if (a == null || a.onCpu == cpu) {
            return;
        }
        if (a.onCpu >= 0) { // its switch-out on another CPU went missing
            a.close(nanos, ThreadTrace.End.UNKNOWN);
            a.uncertain = true;
        }
        if (c[3] != 0) {
            a.uncertain = true; // events lost on this CPU since its last switch: not counted
            return;
        }
        a.onCpu = cpu;
        // not before a line that showed it off the CPU either, nor before the last switch the record holds there
        long earliest = Math.max(c[1], a.offCpuAt);
        a.openSince = Math.max(earliest, record.latestAtOrBefore(cpu, nanos - SAME_SWITCH_NANOS, tid));
        long[] w = inferred.computeIfAbsent(tid, k -> new long[3]);
        w[0]++;
        w[1] += Math.max(0, nanos - a.openSince);
        w[2] += a.openSince - earliest;
        // a charge since then (made from another CPU: a wake-up, a read of its schedstat) starts at the switch-in;
        // else the next one will
        long charged = a.charges.firstStartEndingAfter(a.openSince);
        a.narrowOnCharge = charged == Long.MIN_VALUE;
        if (charged > a.openSince && charged <= nanos) {
            w[2] += charged - a.openSince;
            a.openSince = charged;
        }
        if (a.runnableSince >= 0 && a.runnableSince <= a.openSince) { // it waited at least until then
            a.runDelayNanos += a.openSince - a.runnableSince;
            a.waits.add(new ThreadTrace.Wait(a.runnableSince, a.openSince));
        }
        a.runnableSince = -1;
        onCpuNow.put(cpu, tid);
    }

    private void onSwitch(SchedEvent.Switch s) {
        seenCurrent(s.cpu(), s.nanos(), s.prevTid());
        Integer before = onCpuNow.get(s.cpu());
        if (before != null && before != s.prevTid()) {
            Acc missed = threads.get(before);
            missed.close(s.nanos(), ThreadTrace.End.UNKNOWN);
            missed.uncertain = true;
        }
        onCpuNow.remove(s.cpu());
        Acc prev = acc(s.prevTid());
        if (prev != null) {
            prev.close(s.nanos(), s.exited() ? ThreadTrace.End.EXIT
                    : s.preempted() ? ThreadTrace.End.PREEMPT : ThreadTrace.End.SLEEP);
            prev.switched = true;
            if (s.preempted()) {
                prev.involuntary++;
                prev.runnableSince = s.nanos();
            } else {
                prev.voluntary++;
                prev.sleeps += s.exited() ? 0 : 1;
                prev.runnableSince = -1;
            }
        }
        Acc next = acc(s.nextTid());
        if (next != null) {
            if (next.onCpu >= 0) { // its switch-out on another CPU went missing
                next.close(s.nanos(), ThreadTrace.End.UNKNOWN);
                next.uncertain = true;
            }
            if (next.runnableSince >= 0) {
                next.runDelayNanos += s.nanos() - next.runnableSince;
                next.waits.add(new ThreadTrace.Wait(next.runnableSince, Math.max(next.runnableSince, s.nanos())));
                next.runnableSince = -1;
            }
            if (next.lastCpu >= 0 && next.lastCpu != s.cpu()) {
                next.coreChanges++;
            }
            next.lastCpu = s.cpu();
            next.switched = true;
            next.onCpu = s.cpu();
            next.openSince = s.nanos();
            next.narrowOnCharge = false;
            onCpuNow.put(s.cpu(), s.nextTid());
        }
        cpus.put(s.cpu(), new long[] {s.nextTid(), s.nanos(), s.nanos(), 0});
    }

    /**
     * A runtime charge: kept as the thread's on-CPU time; the first one after an inferred switch-in covers the run
     * since the switch-in, so it moves the interval's start to where the charge starts.
     */
    private void onCharge(SchedEvent.Runtime r) {
        Acc a = acc(r.tid());
        if (a == null) {
            return;
        }
        a.charges.add(r.startNanos(), r.nanos());
        if (a.narrowOnCharge && a.onCpu >= 0 && r.startNanos() > a.openSince) {
            inferred.get(a.tid)[2] += r.startNanos() - a.openSince;
            a.openSince = r.startNanos();
        }
        a.narrowOnCharge = false;
    }

    private void onLost(SchedEvent.Lost l) {
        lostMarks++;
        lostEvents += Math.max(0, l.count());
        for (Map.Entry<Integer, long[]> c : cpus.entrySet()) {
            if (l.cpu() < 0 || c.getKey() == l.cpu()) {
                c.getValue()[3] = 1;
            }
        }
        if (l.cpu() >= 0) {
            cpus.computeIfAbsent(l.cpu(), k -> new long[] {-1, firstNanos, firstNanos, 1})[3] = 1;
        }
        lostEverywhere |= l.cpu() < 0;
        for (Acc a : threads.values()) {
            if (l.cpu() < 0 || a.onCpu == l.cpu() || a.runnableSince >= 0) {
                a.uncertain = true;
                a.runnableSince = -1;
            }
        }
    }

    private Acc acc(int tid) {
        if (tid <= 0 || !tracked.test(tid)) {
            return null; // 0 is each CPU's idle task
        }
        return threads.computeIfAbsent(tid, Acc::new);
    }

    private TraceSummary finish() {
        Map<Integer, ThreadTrace> out = new TreeMap<>();
        for (Acc a : threads.values()) {
            a.close(lastNanos, ThreadTrace.End.UNKNOWN);
            out.put(a.tid, new ThreadTrace(a.tid, a.intervals, a.waits, a.sleeps, a.voluntary, a.involuntary,
                    a.runDelayNanos, a.coreChanges, a.migrations, a.uncertain, a.charges.build()));
        }
        return new TraceSummary(out, firstNanos, lastNanos, lostEvents, lostMarks, hotplugSteps, inferred);
    }

    /** One thread's state while folding. */
    private static final class Acc {
        final int tid;
        final List<ThreadTrace.OnCpuInterval> intervals = new ArrayList<>();
        final List<ThreadTrace.Wait> waits = new ArrayList<>();
        final RuntimeCharges.Builder charges = new RuntimeCharges.Builder();
        /** Its open interval's switch-in was inferred and no runtime charge has told where it began yet. */
        boolean narrowOnCharge;
        /** Whether a switch of this thread has been seen yet. */
        boolean switched;
        int onCpu = -1;
        int lastCpu = -1;
        long openSince = -1;
        long runnableSince = -1;
        /** The last wake-up that shows it was not running (recorded on its CPU with another thread current). */
        long offCpuAt = Long.MIN_VALUE;
        long sleeps;
        long voluntary;
        long involuntary;
        long runDelayNanos;
        long coreChanges;
        long migrations;
        boolean uncertain;

        Acc(int tid) {
            this.tid = tid;
        }

        void close(long nanos, ThreadTrace.End end) {
            if (onCpu >= 0) {
                intervals.add(new ThreadTrace.OnCpuInterval(openSince, Math.max(openSince, nanos), onCpu, end));
                onCpu = -1;
                openSince = -1;
            }
        }
    }
}
