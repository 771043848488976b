package io.tunescope.monitor.proc;

/**
 * Cumulative context-switch and migration counters of one thread. {@code migrations} is -1 when the source
 * ({@code status}) does not carry it.
 */
public record SwitchCounts(long voluntary, long involuntary, long migrations) {
    public SwitchCounts {
        if (voluntary < 0 || involuntary < 0 || migrations < -1) {
            throw new IllegalArgumentException("counts must not be negative: " + voluntary + ", " + involuntary
                    + ", " + migrations);
        }
    }
}
