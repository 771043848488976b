package io.tunescope.monitor;

import io.tunescope.monitor.role.ThreadRole;

import java.util.List;

/**
 * One thread seen during a recording; {@code slot} is its index in the raw samples.
 *
 * @param presentAtStart  seen at the first scan (its counters before that are not this recording's)
 * @param lastSeenNanos   the last successful sample ({@code System.nanoTime()})
 * @param exited          it vanished before the recording stopped
 * @param unmeasured      what could not be read for it ({@code "schedstat"}, {@code "sched"}, ...): the metrics
 *                        drawn from those files are null, never zero
 * @param connectionPid   the server process of the client connection this thread works for, by its title when last
 *                        read (a PostgreSQL backend's own pid, a parallel worker's leader); 0 when it serves none
 *                        ({@link io.tunescope.monitor.role.RoleClassifier#connectionPid})
 */
public record ThreadInfo(int slot, String tenant, int pid, int tid, String name, ThreadRole role, String group,
                         long firstSeenNanos, long lastSeenNanos, boolean presentAtStart, boolean exited,
                         List<String> unmeasured, int connectionPid) {
    public ThreadInfo {
        unmeasured = List.copyOf(unmeasured);
    }

    public boolean measuresCpu() {
        return !unmeasured.contains("schedstat");
    }

    public boolean measuresSwitches() {
        return !(unmeasured.contains("sched") && unmeasured.contains("status"));
    }

    public boolean measuresMigrations() {
        return !unmeasured.contains("sched");
    }
}
