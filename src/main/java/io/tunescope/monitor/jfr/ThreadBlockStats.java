package io.tunescope.monitor.jfr;

/**
 * ThreadMXBean's view of one user thread over the measurement: how often and how long it was BLOCKED (waiting to
 * enter a monitor) and WAITING/TIMED_WAITING (parked, waiting). Times are -1 when the JVM cannot measure them.
 */
public record ThreadBlockStats(String threadName, long blockedCount, long blockedMillis, long waitedCount,
                               long waitedMillis) {
}
