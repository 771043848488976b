package io.tunescope.monitor.trace;

import java.util.List;

/**
 * What the scheduler trace says about one thread.
 *
 * @param onCpu               its on-CPU intervals in time order (an interval open when the trace began starts at
 *                            the trace's first timestamp; one open when it ended stops at its last)
 * @param waits               its run-queue waits in time order: runnable but not on a CPU, from a wake-up or an
 *                            involuntary switch-out to the next switch-in
 * @param sleeps              running→sleeping transitions: switched out blocked ({@code S}, {@code D}, {@code I}...)
 * @param voluntarySwitches   switched out not runnable (blocked or exiting), as the kernel's {@code nvcsw} counts
 * @param involuntarySwitches switched out still runnable ({@code R}, {@code R+}), as the kernel's {@code nivcsw}
 * @param runDelayNanos       time runnable but waiting for a CPU: from a wake-up, or an involuntary switch-out, to
 *                            the next switch-in (what {@code schedstat}'s second field counts)
 * @param coreChanges         switch-ins on another CPU than the previous one
 * @param migrations          {@code sched_migrate_task} events
 * @param uncertain           events of this thread were lost (ring-buffer overflow, a CPU buffer that started late):
 *                            the figures are lower bounds where an interval's start or end went missing
 * @param charges             the kernel's runtime charges ({@code sched_stat_runtime}): stretches it ran without a
 *                            break, as the scheduler accounted them; {@link RuntimeCharges#NONE} where the trace has none
 */
public record ThreadTrace(int tid, List<OnCpuInterval> onCpu, List<Wait> waits, long sleeps, long voluntarySwitches,
                          long involuntarySwitches, long runDelayNanos, long coreChanges, long migrations,
                          boolean uncertain, RuntimeCharges charges) {
    public ThreadTrace {
        onCpu = List.copyOf(onCpu);
        waits = List.copyOf(waits);
        charges = charges == null ? RuntimeCharges.NONE : charges;
    }

    /** A thread without runtime charges: its on-CPU time comes from its intervals. */
    public ThreadTrace(int tid, List<OnCpuInterval> onCpu, List<Wait> waits, long sleeps, long voluntarySwitches,
                       long involuntarySwitches, long runDelayNanos, long coreChanges, long migrations,
                       boolean uncertain) {
        this(tid, onCpu, waits, sleeps, voluntarySwitches, involuntarySwitches, runDelayNanos, coreChanges,
                migrations, uncertain, RuntimeCharges.NONE);
    }

    /** A thread without recorded run-queue waits. */
    public ThreadTrace(int tid, List<OnCpuInterval> onCpu, long sleeps, long voluntarySwitches,
                       long involuntarySwitches, long runDelayNanos, long coreChanges, long migrations,
                       boolean uncertain) {
        this(tid, onCpu, List.of(), sleeps, voluntarySwitches, involuntarySwitches, runDelayNanos, coreChanges,
                migrations, uncertain);
    }

    /** How an on-CPU interval ended. */
    public enum End {
        /** blocked: a running→sleeping transition (voluntary switch) */
        SLEEP,
        /** preempted while still runnable (involuntary switch) */
        PREEMPT,
        /** the thread exited */
        EXIT,
        /** the trace ended, or the switch-out went missing */
        UNKNOWN
    }

    /** One stretch on one CPU, {@code [startNanos, endNanos)}, and how it ended. */
    public record OnCpuInterval(long startNanos, long endNanos, int cpu, End end) {
        public OnCpuInterval {
            if (endNanos < startNanos) {
                throw new IllegalArgumentException("interval ends before it starts: " + startNanos + ".." + endNanos);
            }
        }

        public OnCpuInterval(long startNanos, long endNanos, int cpu) {
            this(startNanos, endNanos, cpu, End.UNKNOWN);
        }
    }

    /** One run-queue wait, {@code [startNanos, endNanos)}. */
    public record Wait(long startNanos, long endNanos) {
    }

    public long onCpuNanos() {
        return onCpuNanos(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * On-CPU time within {@code [fromNanos, toNanos)}: the runtime charges clipped to the window where the trace has
     * them (the kernel's accounting: what {@code schedstat} sums, without the interrupt and steal time inside an
     * interval), else the on-CPU intervals clipped to it.
     */
    public long onCpuNanos(long fromNanos, long toNanos) {
        if (!charges.isEmpty()) {
            return charges.nanos(fromNanos, toNanos);
        }
        long sum = 0;
        for (OnCpuInterval i : onCpu) {
            sum += overlap(i.startNanos(), i.endNanos(), fromNanos, toNanos);
        }
        return sum;
    }

    /** Run-queue wait within {@code [fromNanos, toNanos)}. */
    public long waitNanos(long fromNanos, long toNanos) {
        long sum = 0;
        for (Wait w : waits) {
            sum += overlap(w.startNanos(), w.endNanos(), fromNanos, toNanos);
        }
        return sum;
    }

    static long overlap(long start, long end, long fromNanos, long toNanos) {
        return Math.max(0, Math.min(toNanos, end) - Math.max(fromNanos, start));
    }

    /** Whether the thread was on a CPU at {@code nanos}: the exact state a sampler would have read then. */
    public boolean onCpuAt(long nanos) {
        for (OnCpuInterval i : onCpu) {
            if (i.startNanos() <= nanos && nanos < i.endNanos()) {
                return true;
            }
        }
        return false;
    }
}
