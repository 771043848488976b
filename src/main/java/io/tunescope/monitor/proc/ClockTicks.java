package io.tunescope.monitor.proc;

/**
 * The kernel's clock-tick rate (USER_HZ), the unit of the CPU times in {@code /proc/[pid]/task/[tid]/stat} and
 * {@code /proc/stat}. The kernel reports it only through {@code sysconf(_SC_CLK_TCK)}, which Java cannot call, and
 * fixes it at 100 in the user-space ABI of every mainstream Linux build, so one constant serves every reader.
 */
public final class ClockTicks {
    public static final long PER_SECOND = 100;

    private ClockTicks() {
    }

    /** {@code ticks} as milliseconds. */
    public static double toMillis(long ticks) {
        return ticks * 1000.0 / PER_SECOND;
    }
}
