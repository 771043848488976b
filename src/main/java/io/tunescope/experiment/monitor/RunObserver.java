package io.tunescope.experiment.monitor;

import io.tunescope.engine.Engine;

import java.nio.file.Path;
import java.util.List;

/**
 * Hears when a run's measurement starts and ends, with the tenants' processes: the hook the thread monitor uses to
 * sample exactly the tenants of a run. Called on the controller's run thread; must not block for long, except
 * {@link #measurementFinished()}, which may read what the tenants recorded.
 */
public interface RunObserver {
    RunObserver NONE = new RunObserver() {
    };

    /**
     * One tenant's processes: for DuckDB the agent JVM that hosts the engine; for PostgreSQL the postmaster (whose
     * children are the backends and parallel workers) and the users' backends. {@code connectionsCsv}: the server
     * process of each user's connection ({@code store.ConnectionsCsv}), null when none is known.
     */
    record TenantProcesses(String name, Engine engine, List<Long> pids, Path executionsCsv, Path connectionsCsv) {
        public TenantProcesses(String name, Engine engine, List<Long> pids, Path executionsCsv) {
            this(name, engine, pids, executionsCsv, null);
        }
    }

    /** All tenants are loaded and ready; the users start right after this returns. */
    default void measurementStarting(List<TenantProcesses> tenants, Path outDir) throws Exception {
    }

    /**
     * Every tenant has finished (or the run was cut short) and its processes are still up: stop observing them, so
     * that their shutdown is not part of what was observed.
     */
    default void measurementStopped() throws Exception {
    }

    /**
     * The tenants' processes are gone, so every executions file is complete: the metrics the observer derives
     * from them for summary.json. Called once, after {@link #measurementStopped()}, before summary.json is written.
     */
    default RunMetrics measurementFinished() throws Exception {
        return RunMetrics.NONE;
    }
}
