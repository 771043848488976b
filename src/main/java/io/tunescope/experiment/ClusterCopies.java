package io.tunescope.experiment;

import io.tunescope.Notices;
import io.tunescope.Outcome;
import io.tunescope.Progress;
import io.tunescope.engine.PrivateServer;
import io.tunescope.engine.ServerDataCopy;
import io.tunescope.engine.server.PrivateServers;
import io.tunescope.store.DataCache;
import io.tunescope.workload.DataConfig;
import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.workload.tpcc.PreparedTpccCluster;
import io.tunescope.workload.tpcc.TpccScale;
import io.tunescope.workload.tpch.ClusterRows;
import io.tunescope.workload.tpch.PreparedCluster;
import io.tunescope.workload.tpch.TpchLoader;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Private servers on copies of one prepared data directory (load once, reuse everywhere: {@link PreparedCluster} for
 * TPC-H, {@link PreparedTpccCluster} for TPC-C): prepared once per run, and each tenant's server started on its own copy, its rows checked against the generator's.
 */
record ClusterCopies(ServerDataCopy copy, Path dataDir, long rows, RowsCheck rowsCheck) {
    /** How a tenant's copy is checked: its rows against the prepared directory's, naming {@code where}. */
    @FunctionalInterface
    private interface RowsCheck {
        void check(Connection connection, String where) throws SQLException;
    }

    /**
     * The prepared copies for this run's tenants, or null when they load their own: no data cache, no load, a
     * server product that cannot start on a copied data directory (MariaDB), or a workload that brings its own
     * tables (pgbench, workload files). TPC-H and TPC-C each have their own prepared directories.
     */
    static ClusterCopies prepare(TpchRunConfig config, PrivateServers.Launcher servers, Progress progress)
            throws RunFailure, InterruptedException {
        DataConfig data = config.data();
        if (servers == null || !servers.copiesData() || !data.load() || data.dataCache() == null) {
            return null;
        }
        if (config.workload().definition().kind() == WorkloadDefinition.Kind.TPCC) {
            return prepareTpcc(config, servers, progress);
        }
        if (config.workload().definition().transactions() != null) {
            return null;
        }
        DataCache cache = new DataCache(Path.of(data.dataCache()));
        String engine = config.connection().engine().id();
        try (Progress.Task bar = progress.start("prepare TPC-H SF " + data.scaleFactor() + " for " + engine
                + " (once, in " + cache.root() + ")", TpchLoader.estimatedRows(data.scaleFactor()), "rows")) {
            PreparedCluster.Result result = PreparedCluster.ensure(cache, engine,
                    config.connection().engine().dialect(), servers, data.scaleFactor(), data.loadThreads(),
                    bar::step);
            if (result.built()) {
                Notices.say("tunescope: prepared TPC-H SF " + data.scaleFactor() + " for " + engine + " once in "
                        + result.dataDir() + " (" + result.millis() + " ms); later cells and runs copy it");
            }
            return new ClusterCopies(PreparedCluster.copy(cache, result), result.dataDir(), result.manifest().rows(),
                    (connection, where) -> ClusterRows.check(connection, result.manifest().rowsByTable(), where));
        } catch (IOException | SQLException e) {
            throw new RunFailure("preparing the TPC-H data directory in " + cache.root() + ": " + e.getMessage(),
                    Outcome.FAILURE);
        }
    }

    /** TPC-C's prepared data directory for this run's warehouses and seed (the data is drawn from the seed). */
    private static ClusterCopies prepareTpcc(TpchRunConfig config, PrivateServers.Launcher servers,
                                             Progress progress) throws RunFailure, InterruptedException {
        DataConfig data = config.data();
        DataCache cache = new DataCache(Path.of(data.dataCache()));
        String engine = config.connection().engine().id();
        int warehouses = TpchRunConfig.warehousesOf(data.scaleFactor());
        long seed = config.workload().seed();
        try (Progress.Task bar = progress.start("prepare TPC-C " + warehouses + " warehouses for " + engine
                + " (once, in " + cache.root() + ")", TpccScale.rowsAt(warehouses), "rows")) {
            PreparedTpccCluster.Result result = PreparedTpccCluster.ensure(cache, engine,
                    config.connection().engine().dialect(), servers, warehouses, seed, data.loadThreads(),
                    bar::step);
            if (result.built()) {
                Notices.say("tunescope: prepared TPC-C with " + warehouses + " warehouses (seed " + seed + ") for "
                        + engine + " once in " + result.dataDir() + " (" + result.millis() + " ms); later runs copy it");
            }
            return new ClusterCopies(PreparedTpccCluster.copy(cache, result), result.dataDir(),
                    result.manifest().rows(), (connection, where) -> PreparedTpccCluster.checkRows(connection,
                    result.manifest().rowsByTable(), where));
        } catch (IOException | SQLException e) {
            throw new RunFailure("preparing the TPC-C data directory in " + cache.root() + ": " + e.getMessage(),
                    Outcome.FAILURE);
        }
    }

    /**
     * Starts {@code slot}'s server on a copy of the prepared directory and checks its rows; records the copy's rows
     * and milliseconds (copy, password, start, check) as the tenant's load. Stops the server when the check fails.
     */
    void startServer(TenantSlot slot, PrivateServers.Launcher servers, java.util.List<String> settings)
            throws IOException, InterruptedException, RunFailure {
        long start = System.nanoTime();
        slot.server = servers.startFrom(copy, slot.dir, slot.cpus, settings);
        check(slot.server, slot.name);
        slot.preparedRows = rows();
        slot.preparedMillis = (System.nanoTime() - start) / 1_000_000;
    }

    private void check(PrivateServer server, String tenant) throws RunFailure {
        try (Connection connection = DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password())) {
            rowsCheck.check(connection, "the copy in tenant " + tenant);
        } catch (SQLException e) {
            throw new RunFailure("tenant " + tenant + ": " + e.getMessage() + " (prepared data directory "
                    + dataDir + "; remove it to build it again)", Outcome.FAILURE);
        }
    }
}
