package io.tunescope.monitor.proc;

/**
 * System-wide counters from {@code /proc/stat}: total context switches ({@code ctxt}) and the aggregate CPU line
 * in clock ticks, split into busy (user, nice, system, irq, softirq, steal) and idle (idle, iowait).
 */
public record SystemStat(long contextSwitches, long busyTicks, long idleTicks) {
    public SystemStat {
        if (contextSwitches < 0 || busyTicks < 0 || idleTicks < 0) {
            throw new IllegalArgumentException("counters must not be negative");
        }
    }
}
