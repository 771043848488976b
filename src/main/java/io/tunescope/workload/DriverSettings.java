package io.tunescope.workload;

import io.tunescope.engine.SqlDialect;

import java.util.Objects;

/**
 * How the users of one tenant run: the run's own workload and data records (checked when they were built), the
 * tenant they belong to, and the SQL dialect of its engine.
 */
public record DriverSettings(String tenant, WorkloadConfig workload, DataConfig data, SqlDialect dialect) {
    public DriverSettings {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(dialect, "dialect");
    }
}
