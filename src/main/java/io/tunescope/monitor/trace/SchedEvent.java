package io.tunescope.monitor.trace;

/**
 * One line of scheduler trace text that matters for per-thread timelines. Times are the trace clock's, in
 * nanoseconds (with {@code trace_clock} set to {@code mono}, the same clock as {@code System.nanoTime()}).
 */
public sealed interface SchedEvent {
    /** The CPU the line was recorded on (-1 where the line names none). */
    int cpu();

    /** When {@code e} was recorded, in the trace clock's nanoseconds; -1 for a loss mark, which has no time. */
    static long nanosOf(SchedEvent e) {
        if (e instanceof Switch s) {
            return s.nanos();
        } else if (e instanceof Wakeup w) {
            return w.nanos();
        } else if (e instanceof Migrate m) {
            return m.nanos();
        } else if (e instanceof Runtime r) {
            return r.nanos();
        } else if (e instanceof Hotplug h) {
            return h.nanos();
        }
        return -1;
    }

    /**
     * {@code sched_switch}: {@code prevTid} left the CPU in {@code prevState} ({@code R} or {@code R+}: still runnable,
     * an involuntary switch; {@code S}, {@code D}, {@code I}...: it blocked, a voluntary switch; {@code X}, {@code Z}:
     * it exited), {@code nextTid} got it.
     */
    record Switch(int cpu, long nanos, int prevTid, String prevState, int nextTid) implements SchedEvent {
        public boolean preempted() {
            return prevState.startsWith("R");
        }

        public boolean exited() {
            return prevState.startsWith("X") || prevState.startsWith("Z");
        }
    }

    /**
     * {@code sched_wakeup} (or {@code sched_wakeup_new}): {@code tid} became runnable, queued on {@code targetCpu};
     * {@code currentTid} was on {@code cpu} when the line was recorded (the line head's {@code comm-PID}; -1: not
     * said).
     */
    record Wakeup(int cpu, long nanos, int tid, int targetCpu, int currentTid) implements SchedEvent {
        public Wakeup(int cpu, long nanos, int tid, int targetCpu) {
            this(cpu, nanos, tid, targetCpu, -1);
        }
    }

    /** {@code sched_migrate_task}: {@code tid} moved from {@code fromCpu} to {@code toCpu}; {@code currentTid} as in a wake-up. */
    record Migrate(int cpu, long nanos, int tid, int fromCpu, int toCpu, int currentTid) implements SchedEvent {
        public Migrate(int cpu, long nanos, int tid, int fromCpu, int toCpu) {
            this(cpu, nanos, tid, fromCpu, toCpu, -1);
        }
    }

    /**
     * {@code sched_stat_runtime}: the scheduler charged {@code tid} {@code runtimeNanos} of CPU that it ran without a
     * break up to {@code nanos} (the kernel's own accounting, the same counter as {@code schedstat}'s first field; a
     * charge covers the time since the thread's switch-in or its previous charge). {@code currentTid} was on
     * {@code cpu} when the line was recorded: the thread itself, or another task that brought its charge up to date
     * from another CPU (a wake-up onto the thread's CPU, a read of its schedstat).
     */
    record Runtime(int cpu, long nanos, int tid, long runtimeNanos, int currentTid) implements SchedEvent {
        /** Where the charged stretch began. */
        public long startNanos() {
            return nanos - runtimeNanos;
        }
    }

    /**
     * The ring buffer of {@code cpu} overflowed and {@code count} events were dropped there (tracefs
     * {@code CPU:1 [LOST 42 EVENTS]}, perf {@code LOST 42 events!}), or its buffer only starts here
     * ({@code ##### CPU 1 buffer started ####}, count -1: unknown, e.g. after a CPU came online). {@code cpu} is -1
     * when the CPU is not named (the {@code trace} file's {@code entries-in-buffer/entries-written} header).
     */
    record Lost(int cpu, long count) implements SchedEvent {
    }

    /** A CPU hot-plug step ({@code cpuhp:cpuhp_enter}, {@code cpuhp_exit}, {@code cpuhp_multi_enter}) on {@code cpu}. */
    record Hotplug(int cpu, long nanos, int targetCpu, String line) implements SchedEvent {
    }
}
