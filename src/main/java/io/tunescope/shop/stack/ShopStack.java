package io.tunescope.shop.stack;

import io.tunescope.Progress;
import io.tunescope.shop.db.ShopCounts;
import io.tunescope.shop.db.ShopPopulator;
import io.tunescope.shop.proxy.NginxProxy;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The running stack: the database tier, populated, the application nodes over it and, when asked for, the caching
 * proxy in front of them. {@link #close()} stops the proxy, the nodes, then the database; a failure while starting
 * stops whatever had started.
 */
final class ShopStack implements AutoCloseable {
    final ShopDatabase database;
    final List<AppNode> apps;
    /** Null without a proxy. */
    final NginxProxy proxy;
    final ShopCounts counts;
    final double loadSeconds;

    private ShopStack(ShopDatabase database, List<AppNode> apps, NginxProxy proxy, ShopCounts counts,
                      double loadSeconds) {
        this.database = database;
        this.apps = List.copyOf(apps);
        this.proxy = proxy;
        this.counts = counts;
        this.loadSeconds = loadSeconds;
    }

    static ShopStack start(ShopStackConfig config, Progress progress) throws IOException, SQLException,
            InterruptedException {
        ResultsDir dir = ResultsDir.of(config.out());
        Files.createDirectories(dir.tierLog("app1").getParent());
        if (config.tiers().hasProxy() && config.tiers().proxyPort() != 0) {
            // before the store is populated, so a port in use costs nothing
            NginxProxy.checkFree(config.tiers().proxyPort());
        }
        ShopDatabase database = ShopDatabases.start(config.database(), config.pgBin(), config.out());
        List<AppNode> apps = new ArrayList<>();
        try {
            long loadStart = System.nanoTime();
            ShopCounts counts;
            try (Connection c = DriverManager.getConnection(database.jdbcUrl(), database.user(),
                    database.password()); Progress.Task task = progress.start("populating the store", 1, "step")) {
                counts = ShopPopulator.populate(c, config.scale(), config.seed());
                task.step(1);
            }
            double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
            for (int k = 1; k <= config.tiers().appNodes(); k++) {
                apps.add(AppNode.start("app" + k, config.app(), database, dir.tierLog("app" + k)));
            }
            NginxProxy proxy = null;
            if (config.tiers().hasProxy()) {
                ShopTiers t = config.tiers();
                proxy = NginxProxy.start(t.proxyBinary() == null ? NginxProxy.DEFAULT_BINARY : t.proxyBinary(),
                        t.proxyKnobs(), t.proxyPort(), apps.stream().map(AppNode::port).toList(),
                        dir.shopProxyDir(), dir.shopProxyConfig(), dir.tierLog("proxy"));
            }
            return new ShopStack(database, apps, proxy, counts, loadSeconds);
        } catch (IOException | SQLException | RuntimeException e) {
            apps.forEach(AppNode::close);
            database.close();
            throw e;
        }
    }

    /** Where the browsers go: the proxy, or the one node. */
    String baseUrl() {
        return proxy != null ? proxy.baseUrl() : apps.get(0).baseUrl();
    }

    /** True when a node or the proxy died while it ran. */
    boolean degraded() {
        return apps.stream().anyMatch(a -> !a.isAlive()) || proxy != null && !proxy.isAlive();
    }

    @Override
    public void close() {
        try {
            if (proxy != null) {
                proxy.close();
            }
        } finally {
            try {
                apps.forEach(AppNode::close);
            } finally {
                database.close();
            }
        }
    }
}
