package io.tunescope.experiment;

import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.SqlDialect;
import io.tunescope.experiment.plan.Cell;
import io.tunescope.experiment.plan.Factor;
import io.tunescope.experiment.plan.PlanBase;
import io.tunescope.store.DataCache;
import io.tunescope.workload.WorkloadDefinition;

import java.nio.file.Path;
import java.util.List;

/** Turns a plan's base and one cell's levels into the one TPC-H run configuration that cell is. */
public final class CellConfigs {
    private CellConfigs() {
    }

    public static TpchRunConfig of(PlanBase base, Cell cell, Path cellDir, int availableCpus) {
        int users = Integer.parseInt(cell.levels().getOrDefault(Factor.USERS.key(), String.valueOf(base.users())));
        int tenants = Integer.parseInt(cell.levels().getOrDefault(Factor.TENANTS.key(), String.valueOf(base.tenants())));
        String workload = cell.levels().getOrDefault(Factor.WORKLOAD.key(), base.workload());
        String workerLimit = cell.levels().getOrDefault(Factor.WORKER_LIMIT.key(), base.workerLimit());
        String cpus = cell.levels().getOrDefault(Factor.CPUS.key(), base.cpus());
        // the worker limit is PostgreSQL's parallel workers on a server, DuckDB's threads in an agent
        boolean postgres = base.engine().tenantRunsAs(Lifecycle.PRIVATE_SERVER)
                && base.engine().dialect() == SqlDialect.POSTGRES;
        int threads = Factor.workerLimitThreads(workerLimit);
        return TpchRunConfig.builder()
                .engine(base.engine())
                .scaleFactor(base.scaleFactor())
                .load(true)
                .loadThreads(availableCpus)
                .tenants(tenants)
                .users(users)
                .workload(WorkloadDefinition.parse(workload, base.permute()))
                .duration(base.duration())
                .iterations(base.iterations())
                .warmupIterations(base.warmup())
                .seed(base.seed())
                .cpus(cpus, availableCpus)
                .duckdbThreads(base.engine().tenantRunsAs(Lifecycle.PRIVATE_SERVER) ? 0 : threads)
                .serverSettings(postgres ? postgresWorkerLimit(threads) : List.of())
                .dataCache(dataCache(base))
                .outDir(cellDir)
                .build();
    }

    private static String dataCache(PlanBase base) {
        java.nio.file.Path root = DataCache.resolve(base.dataCache());
        return root == null ? null : root.toString();
    }

    /**
     * The worker limit on PostgreSQL: the leader backend works too, so a limit of N threads per query allows N-1
     * parallel workers per gather and in all; "off" keeps PostgreSQL's defaults.
     */
    static List<String> postgresWorkerLimit(int threads) {
        if (threads == 0) {
            return List.of();
        }
        int workers = threads - 1;
        return List.of("max_parallel_workers_per_gather = " + workers, "max_parallel_workers = " + workers,
                "max_parallel_maintenance_workers = " + Math.max(1, workers));
    }
}
