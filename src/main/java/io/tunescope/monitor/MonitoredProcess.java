package io.tunescope.monitor;

import io.tunescope.BadInputException;
import io.tunescope.monitor.role.RoleClassifier;

import java.util.Objects;

/**
 * A process whose threads the monitor samples, and the tenant they belong to.
 *
 * @param includeChildren also sample the process's descendants (a PostgreSQL postmaster's backends and parallel
 *                        workers), found through {@code /proc/<pid>/task/<tid>/children} at every rescan
 */
public record MonitoredProcess(String tenant, int pid, boolean includeChildren, RoleClassifier classifier) {
    public MonitoredProcess {
        if (tenant == null || tenant.isBlank()) {
            throw BadInputException.of("tenant", tenant, "must not be blank");
        }
        if (pid <= 0) {
            throw BadInputException.of("pid", pid, "must be at least 1");
        }
        Objects.requireNonNull(classifier, "classifier");
    }
}
