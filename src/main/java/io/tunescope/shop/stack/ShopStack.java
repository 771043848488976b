package io.tunescope.shop.stack;

import io.tunescope.Progress;
import io.tunescope.shop.db.ShopCounts;
import io.tunescope.shop.proxy.CachingProxy;
import io.tunescope.shop.proxy.NginxProxy;
import io.tunescope.shop.proxy.SquidKnobs;
import io.tunescope.shop.proxy.SquidProxy;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The running stack: the database tier, populated, and in front of it the work lines of {@link ShopLayout}, each
 * its application nodes and, when it has one, its caching proxy. {@link #close()} stops the proxies, the nodes,
 * then the database (unless the stack only borrowed it, see {@link PopulatedDatabase}); a failure while starting
 * stops whatever had started.
 */
final class ShopStack implements AutoCloseable {
    /** One running work line: its proxy (null without) in front of its nodes. */
    record Line(String name, String proxyNode, CachingProxy proxy, List<AppNode> apps) {
        /** Where this line's browsers go: its proxy, or its one node. */
        String baseUrl() {
            return proxy != null ? proxy.baseUrl() : apps.get(0).baseUrl();
        }
    }

    final ShopDatabase database;
    final List<Line> lines;
    /** Every line's application nodes, line by line. */
    final List<AppNode> apps;
    final ShopCounts counts;
    final double loadSeconds;

    ShopStack(ShopDatabase database, List<Line> lines, ShopCounts counts, double loadSeconds) {
        this.database = database;
        this.lines = List.copyOf(lines);
        this.apps = lines.stream().flatMap(l -> l.apps().stream()).toList();
        this.counts = counts;
        this.loadSeconds = loadSeconds;
    }

    static ShopStack start(ShopStackConfig config, Progress progress) throws IOException, SQLException,
            InterruptedException {
        Files.createDirectories(ResultsDir.of(config.out()).tierLog("app1").getParent());
        if (config.layout().hasProxy()) {
            // before the store is populated, so a missing proxy or a port in use costs nothing
            if (config.tiers().proxy().equals(ShopTiers.SQUID)) {
                SquidProxy.checkBinary(config.tiers().proxyExecutable());
            } else {
                NginxProxy.checkBinary(config.tiers().proxyExecutable());
            }
            if (config.tiers().proxyPort() != 0) {
                NginxProxy.checkFree(config.tiers().proxyPort());
            }
        }
        PopulatedDatabase database = PopulatedDatabase.start(config.database(), config.pgBin(), config.out(),
                config.scale(), config.seed(), progress);
        try {
            return startNodes(config.layout(), config.tiers(), config.tiers().proxyPort(), database,
                    database.database(), config.out());
        } catch (IOException | RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /**
     * Starts the nodes of {@code layout} over {@code database}, already running and populated; closing the stack
     * leaves the database running. {@code proxyBinary} null: nginx's default.
     */
    static ShopStack startOver(PopulatedDatabase database, ShopLayout layout, Path proxyBinary, Path out)
            throws IOException {
        Files.createDirectories(ResultsDir.of(out).tierLog("app1").getParent());
        return startNodes(layout, new ShopTiers(ShopTiers.NGINX, 0, null, proxyBinary, 1), 0, database,
                database.borrowed(), out);
    }

    /** {@code tiers} says which proxy and its executable; the layout says where and with which knobs. */
    private static ShopStack startNodes(ShopLayout layout, ShopTiers tiers, int proxyPort, PopulatedDatabase db,
                                        ShopDatabase database, Path out) throws IOException {
        ResultsDir dir = ResultsDir.of(out);
        List<Line> lines = new ArrayList<>();
        List<AutoCloseable> started = new ArrayList<>();
        try {
            for (ShopLayout.Line l : layout.lines()) {
                List<AppNode> apps = new ArrayList<>();
                for (ShopLayout.App a : l.apps()) {
                    AppNode node = AppNode.start(a.name(), a.knobs(), database, dir.tierLog(a.name()));
                    started.add(node);
                    apps.add(node);
                }
                CachingProxy proxy = null;
                if (l.proxyNode() != null) {
                    List<Integer> ports = apps.stream().map(AppNode::port).toList();
                    proxy = tiers.proxy().equals(ShopTiers.SQUID)
                            ? SquidProxy.start(tiers.proxyExecutable(), SquidKnobs.of(l.proxyKnobs()), proxyPort, ports,
                                    dir.shopProxyDir(l.proxyNode()))
                            : NginxProxy.start(tiers.proxyExecutable(), l.proxyKnobs(), proxyPort, ports,
                                    dir.shopProxyDir(l.proxyNode()), dir.shopProxyConfig(l.proxyNode()),
                                    dir.tierLog(l.proxyNode()));
                    started.add(proxy);
                }
                lines.add(new Line(l.name(), l.proxyNode(), proxy, apps));
            }
            return new ShopStack(database, lines, db.counts(), db.loadSeconds());
        } catch (IOException | RuntimeException e) {
            for (int k = started.size() - 1; k >= 0; k--) {
                closeQuietly(started.get(k));
            }
            throw e;
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // stopping what had started after a failed start: the start's failure is what counts
        }
    }

    /** Where the first line's browsers go (the one line's: its proxy, or the one node). */
    String baseUrl() {
        return lines.get(0).baseUrl();
    }

    /** The nodes that died while the stack ran (proxies and application nodes), by name, line by line. */
    List<String> failedNodes() {
        List<String> out = new ArrayList<>();
        for (Line l : lines) {
            if (l.proxy() != null && !l.proxy().isAlive()) {
                out.add(l.proxyNode());
            }
            l.apps().stream().filter(a -> !a.isAlive()).forEach(a -> out.add(a.name()));
        }
        return out;
    }

    /** True when a node or a proxy died while it ran. */
    boolean degraded() {
        return !failedNodes().isEmpty();
    }

    @Override
    public void close() {
        try {
            lines.stream().map(Line::proxy).filter(p -> p != null).forEach(CachingProxy::close);
        } finally {
            try {
                apps.forEach(AppNode::close);
            } finally {
                database.close();
            }
        }
    }
}
