package io.tunescope.experiment;

import io.tunescope.Notices;
import io.tunescope.Outcome;
import io.tunescope.Progress;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.SqlDialect;
import io.tunescope.store.DataCache;
import io.tunescope.workload.DataConfig;
import io.tunescope.workload.tpcc.PreparedTpcc;
import io.tunescope.workload.tpcc.TpccScale;
import io.tunescope.workload.tpch.PreparedCopy;
import io.tunescope.workload.tpch.TpchLoader;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * TPC-C loaded once into the data cache and copied into every DuckDB tenant (load once, reuse): keyed by warehouses
 * and the run's seed, from which the data is drawn. Tenants copy the prepared file into their own database, so the
 * transactions of one run never reach the next run's data.
 */
final class TpccCopies {
    private TpccCopies() {
    }

    /**
     * The prepared copy for this run's tenants, or null when they load their own: no data cache, no load, or an
     * engine other than DuckDB hosted by its agent (the copy is a DuckDB file).
     */
    static PreparedCopy prepare(TpchRunConfig config, Progress progress) throws RunFailure, InterruptedException {
        DataConfig data = config.data();
        Engine engine = config.connection().engine();
        if (!data.load() || data.dataCache() == null || !engine.tenantRunsAs(Lifecycle.AGENT_HOSTED)
                || engine.dialect() != SqlDialect.DUCKDB) {
            return null;
        }
        int warehouses = TpchRunConfig.warehousesOf(data.scaleFactor());
        long seed = config.workload().seed();
        DataCache cache = new DataCache(Path.of(data.dataCache()));
        try (Progress.Task bar = progress.start("prepare TPC-C " + warehouses + " warehouses (once, in "
                + cache.root() + ")", TpccScale.rowsAt(warehouses), "rows")) {
            PreparedTpcc.Result result = PreparedTpcc.ensureDuckDb(cache, warehouses, seed, data.loadThreads(),
                    TpchLoader.namedThreads("prepare-tpcc"), bar::step);
            if (result.built()) {
                Notices.say("tunescope: prepared TPC-C with " + warehouses + " warehouses (seed " + seed
                        + ") once in " + result.copy().file() + " (" + result.millis()
                        + " ms); later runs copy it");
            }
            return result.copy();
        } catch (IOException | SQLException e) {
            throw new RunFailure("preparing the TPC-C copy in " + cache.root() + ": " + e.getMessage(),
                    Outcome.FAILURE);
        }
    }
}
