package io.tunescope.monitor.proc;

/**
 * The per-instant fields of {@code /proc/<pid>/task/<tid>/stat}: scheduler state, last CPU core (field 39), and the
 * cumulative user and system time in clock ticks (fields 14 and 15).
 */
public record TaskStat(String comm, char state, long utimeTicks, long stimeTicks, int core) {
    public TaskStat {
        if (utimeTicks < 0 || stimeTicks < 0) {
            throw new IllegalArgumentException("ticks must not be negative: " + utimeTicks + ", " + stimeTicks);
        }
    }

    /** True for R (running or runnable): the thread wants a CPU; every other state counts as sleeping. */
    public boolean running() {
        return state == 'R';
    }
}
