package io.tunescope.experiment;

import io.tunescope.Notices;
import io.tunescope.Outcome;
import io.tunescope.Progress;
import io.tunescope.engine.PrivateServer;
import io.tunescope.engine.server.PrivateServers;
import io.tunescope.store.DataCache;
import io.tunescope.workload.DataConfig;
import io.tunescope.workload.tpch.ClusterRows;
import io.tunescope.workload.tpch.PreparedCluster;
import io.tunescope.workload.tpch.TpchLoader;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Private servers on copies of one prepared data directory (load once, reuse everywhere: {@link PreparedCluster}):
 * prepared once per run, and each tenant's server started on its own copy, its rows checked against the generator's.
 */
final class ClusterCopies {
    private final DataCache cache;
    private final PreparedCluster.Result prepared;

    private ClusterCopies(DataCache cache, PreparedCluster.Result prepared) {
        this.cache = cache;
        this.prepared = prepared;
    }

    /**
     * The prepared copies for this run's tenants, or null when they load their own: no data cache, no load, or a
     * server product that cannot start on a copied data directory (MariaDB).
     */
    static ClusterCopies prepare(TpchRunConfig config, PrivateServers.Launcher servers, Progress progress)
            throws RunFailure, InterruptedException {
        DataConfig data = config.data();
        // the prepared directories hold TPC-H; a workload of named transactions (TPC-C, pgbench) loads its own
        if (servers == null || !servers.copiesData() || !data.load() || data.dataCache() == null
                || config.workload().definition().transactions() != null) {
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
            return new ClusterCopies(cache, result);
        } catch (IOException | SQLException e) {
            throw new RunFailure("preparing the TPC-H data directory in " + cache.root() + ": " + e.getMessage(),
                    Outcome.FAILURE);
        }
    }

    /** The rows every tenant holds. */
    long rows() {
        return prepared.manifest().rows();
    }

    /**
     * Starts {@code slot}'s server on a copy of the prepared directory and checks its rows; records the copy's rows
     * and milliseconds (copy, password, start, check) as the tenant's load. Stops the server when the check fails.
     */
    void startServer(TenantSlot slot, PrivateServers.Launcher servers, java.util.List<String> settings)
            throws IOException, InterruptedException, RunFailure {
        long start = System.nanoTime();
        slot.server = servers.startFrom(PreparedCluster.copy(cache, prepared), slot.dir, slot.cpus, settings);
        check(slot.server, slot.name);
        slot.preparedRows = rows();
        slot.preparedMillis = (System.nanoTime() - start) / 1_000_000;
    }

    private void check(PrivateServer server, String tenant) throws RunFailure {
        try (Connection connection = DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password())) {
            ClusterRows.check(connection, prepared.manifest().rowsByTable(), "the copy in tenant " + tenant);
        } catch (SQLException e) {
            throw new RunFailure("tenant " + tenant + ": " + e.getMessage() + " (prepared data directory "
                    + prepared.dataDir() + "; remove it to build it again)", Outcome.FAILURE);
        }
    }
}
