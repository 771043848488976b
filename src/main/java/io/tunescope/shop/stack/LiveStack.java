package io.tunescope.shop.stack;

import io.tunescope.Progress;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.engine.postgres.LiveSettings;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.CachingProxy;
import io.tunescope.shop.proxy.NginxProxy;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.SquidProxy;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopSummary;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One work line of the shop (a proxy, its application nodes, the database) kept running while its tiers' knobs
 * change, for tuning: the store is populated once, and {@link #apply} brings each tier to new knobs the cheapest way
 * it allows. PostgreSQL's settings go through {@link LiveSettings} (a reload, or a restart when a knob needs one,
 * verified in {@code pg_settings}); the application nodes restart only when their own knobs changed or the database
 * moved to another port (new nodes start first, the proxy moves to them, then the old ones stop); the proxy
 * reloads ({@link LiveProxy}). The last configuration measured without fault is kept ({@link #markGood}) and
 * {@link #restoreLastGood} brings every tier back to it after a refusal.
 */
public final class LiveStack implements AutoCloseable {
    /** The knobs of every tier: the proxy's, the nodes', and the database's settings (validated, by knob name). */
    public record Settings(ProxyKnobs proxy, AppKnobs app, Map<String, Object> database) {
        public Settings {
            database = Map.copyOf(database);
        }
    }

    /** A change that a tier refused, with the tier's own words. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final String tier;

        Refused(String tier, Throwable cause) {
            super("the " + tier + " tier refused the change: " + cause.getMessage(), cause);
            this.tier = tier;
        }

        public String tier() {
            return tier;
        }
    }

    private final PopulatedDatabase database;
    private final ShopTiers tiers;
    private final ShopLayout.Line names;
    private final Path out;
    /** PostgreSQL's live settings; null when the database tier is not PostgreSQL or its settings stay fixed. */
    private final LiveSettings live;
    private CachingProxy proxy;
    private List<AppNode> apps;
    private ProxyKnobs proxyRunning;
    private AppKnobs appRunning;
    /** The database's address the nodes were started with (a server started again may listen elsewhere). */
    private String nodesUrl;
    /** The database's settings now; null when unknown (a refused change, until a restore). */
    private Map<String, Object> databaseRunning;
    private Settings lastGood;

    private LiveStack(PopulatedDatabase database, ShopTiers tiers, Path out, LiveSettings live) {
        this.database = database;
        this.tiers = tiers;
        this.names = ShopLayout.uniform(tiers, AppKnobs.DEFAULTS).lines().get(0);
        this.out = out;
        this.live = live;
    }

    /**
     * Starts one line of {@code tiers} over the database {@code kind} under {@code out} (populated for
     * {@code scale}) with {@code initial}. With {@code liveDatabase} the database starts with its own settings and
     * takes {@code initial}'s (and every later change) live, which needs PostgreSQL when there are any; without, it
     * starts with them in its configuration file and they stay fixed.
     */
    public static LiveStack start(String kind, Path pgBin, ShopScale scale, long seed, ShopTiers tiers,
                                  Settings initial, boolean liveDatabase, Path out, Progress progress)
            throws IOException, SQLException, InterruptedException, Refused {
        if (tiers.lines() != 1) {
            throw new IllegalArgumentException("a live stack has one work line, not " + tiers.lines());
        }
        if (tiers.hasProxy()) {
            if (tiers.proxy().equals(ShopTiers.SQUID)) {
                SquidProxy.checkBinary(tiers.proxyExecutable());
            } else {
                NginxProxy.checkBinary(tiers.proxyExecutable());
            }
        }
        KnobCatalog catalog = ShopCatalogs.database(kind);
        if (liveDatabase && !initial.database().isEmpty() && !ShopDatabases.engine(kind).liveSettings()) {
            throw new IllegalArgumentException("the " + kind + " tier's settings cannot be changed live");
        }
        Files.createDirectories(ResultsDir.of(out).tierLog("app1").getParent());
        PopulatedDatabase db = PopulatedDatabase.start(kind, pgBin, out, liveDatabase ? List.of()
                : catalog.configLines(initial.database()), scale, seed, progress);
        LiveStack stack = new LiveStack(db, tiers, out, liveDatabase ? db.postgres()
                .map(pg -> new LiveSettings(pg, catalog)).orElse(null) : null);
        try {
            stack.databaseRunning = liveDatabase ? Map.of() : initial.database();
            stack.apps = List.of();
            stack.apply(initial);
            return stack;
        } catch (RuntimeException | Refused e) {
            stack.close();
            throw e;
        }
    }

    /**
     * Brings every tier to {@code wanted} and verifies it (the database's settings in effect, nginx's workers, the
     * store served through the proxy). Throws {@link Refused} naming the tier that refused, whose state is then
     * unknown until {@link #restoreLastGood}.
     */
    public synchronized void apply(Settings wanted) throws Refused, InterruptedException {
        applyDatabase(wanted.database());
        List<AppNode> old = apps;
        List<Integer> oldPorts = ports(old);
        // a database restarted on its port needs no new nodes: their pools check a connection idle for more than
        // half a second before lending it, and replace the dead ones; one started on another port does
        boolean newNodes = !wanted.app().equals(appRunning) || old.isEmpty()
                || old.stream().anyMatch(a -> !a.isAlive()) || !database.database().jdbcUrl().equals(nodesUrl);
        List<AppNode> fresh = newNodes ? startNodes(wanted.app()) : old;
        try {
            if (names.proxyNode() != null) {
                applyProxy(wanted.proxy(), oldPorts, ports(fresh));
            }
        } catch (Refused e) {
            if (fresh != old) {
                fresh.forEach(AppNode::close);
            }
            throw e;
        }
        if (fresh != old) {
            old.forEach(AppNode::close);
            apps = fresh;
            appRunning = wanted.app();
            nodesUrl = database.database().jdbcUrl();
        }
        try {
            verifyServes();
        } catch (IOException e) {
            throw new Refused(names.proxyNode() != null ? "proxy" : "app", e);
        }
    }

    private void applyDatabase(Map<String, Object> wanted) throws Refused, InterruptedException {
        if (wanted.equals(databaseRunning)) {
            return;
        }
        if (live == null) {
            throw new Refused("database", new IllegalStateException("its settings are fixed for this stack"));
        }
        databaseRunning = null;
        try {
            live.apply(wanted);
            databaseRunning = wanted;
        } catch (SQLException | IOException | RuntimeException e) {
            throw new Refused("database", e);
        }
    }

    private List<AppNode> startNodes(AppKnobs knobs) throws Refused {
        List<AppNode> started = new ArrayList<>();
        try {
            for (ShopLayout.App a : names.apps()) {
                started.add(AppNode.start(a.name(), knobs, database.borrowed(), ResultsDir.of(out)
                        .tierLog(a.name())));
            }
            return started;
        } catch (IOException | RuntimeException e) {
            started.forEach(AppNode::close);
            throw new Refused("app", e);
        }
    }

    private void applyProxy(ProxyKnobs wanted, List<Integer> oldPorts, List<Integer> ports)
            throws Refused, InterruptedException {
        try {
            if (proxy == null || !proxy.isAlive()) {
                if (proxy != null) {
                    proxy.close();
                }
                proxy = LiveProxy.start(tiers, wanted, ports, names.proxyNode(), out);
            } else if (!wanted.equals(proxyRunning) || !ports.equals(oldPorts)) {
                proxy = LiveProxy.change(proxy, tiers, proxyRunning, wanted, oldPorts, ports, names.proxyNode(), out);
            }
            proxyRunning = wanted;
        } catch (IOException | RuntimeException e) {
            throw new Refused("proxy", e);
        }
    }

    private static List<Integer> ports(List<AppNode> nodes) {
        return nodes.stream().map(AppNode::port).toList();
    }

    /** The home page through the line's front (its proxy, or its node) answers 200 within a few seconds. */
    private void verifyServes() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        IOException last = null;
        while (System.nanoTime() < deadline) {
            HttpURLConnection c = (HttpURLConnection) URI.create(baseUrl()).toURL().openConnection();
            c.setConnectTimeout(2_000);
            c.setReadTimeout(5_000);
            try {
                int status = c.getResponseCode();
                c.getInputStream().readAllBytes();
                if (status == 200) {
                    return;
                }
                last = new IOException("the home page answered " + status);
            } catch (IOException e) {
                last = e;
            } finally {
                c.disconnect();
            }
            Thread.sleep(100);
        }
        throw new IOException("the store is not served at " + baseUrl() + ": " + Objects.requireNonNull(last)
                .getMessage());
    }

    /** Records what runs now as the last good configuration (its trial was measured without fault). */
    public synchronized void markGood() {
        if (databaseRunning != null) {
            lastGood = new Settings(proxyRunning, appRunning, databaseRunning);
            if (live != null) {
                live.markGood();
            }
        }
    }

    /**
     * Brings every tier back to the last good configuration (the first one applied, before any was good): the
     * database through {@link LiveSettings#restoreLastGood} (its clients ended first), then nodes and proxy.
     */
    public synchronized void restoreLastGood(Settings first) throws Refused, InterruptedException {
        Settings good = lastGood != null ? lastGood : first;
        if (live != null && !good.database().equals(databaseRunning)) {
            try {
                live.restoreLastGood();
                databaseRunning = live.lastGood();
            } catch (SQLException | IOException | RuntimeException e) {
                throw new Refused("database", e);
            }
        }
        apply(good);
    }

    /** Where the browsers go: the proxy, or the one node. */
    public synchronized String baseUrl() {
        return proxy != null ? proxy.baseUrl() : apps.get(0).baseUrl();
    }

    /** The proxy now (its pid changes when it restarts); null without one. */
    public synchronized CachingProxy proxy() {
        return proxy;
    }

    /** The application nodes now. */
    public synchronized List<AppNode> apps() {
        return apps;
    }

    /** The database tier, populated once. */
    public PopulatedDatabase database() {
        return database;
    }

    /** Drives the stack with {@code config}'s load and writes its summary.json in {@code config.out()}. */
    public ShopSummary drive(io.tunescope.shop.stack.ShopRunConfig config) throws InterruptedException {
        ShopStack now;
        synchronized (this) {
            now = new ShopStack(database.borrowed(), List.of(new ShopStack.Line(names.name(), names.proxyNode(),
                    proxy, apps)), database.counts(), database.loadSeconds());
        }
        ShopSummary s = new ShopRun(now).drive(config, config.browsers(), Progress.NONE);
        ShopRun.writeSummary(ResultsDir.of(config.out()).summary(), s, !Thread.currentThread().isInterrupted());
        return s;
    }

    /** Stops the proxy, the nodes, then the database; never throws. */
    @Override
    public synchronized void close() {
        try {
            if (proxy != null) {
                proxy.close();
            }
        } finally {
            try {
                if (apps != null) {
                    apps.forEach(AppNode::close);
                }
            } finally {
                database.close();
            }
        }
    }
}
