package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.monitor.LiveTotals;
import io.tunescope.monitor.MonitoredProcess;
import io.tunescope.monitor.ThreadMonitor;
import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.NginxProxy;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.RoutedNginxConfig;
import io.tunescope.shop.proxy.SquidKnobs;
import io.tunescope.shop.proxy.SquidProxy;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The shop's stack with its application nodes in two tiers that nodes can move between while it serves: the proxy
 * sends the browse pages to the {@code browse} tier and the rest to the {@code order} tier ({@link RoutedNginxConfig}).
 * A move takes the node out of its tier (a reload: nginx finishes what the old workers hold, so no request is
 * dropped), restarts it with its new tier's knobs when those differ (an application node reads its knobs at start),
 * checks it listens, and puts it in the new tier (a second reload). A node that is dead or does not come back is
 * excluded from both tiers and reported; the stack serves on with the rest.
 * <p>
 * With a proxy tier ({@code proxyNodes} above 0), Squid nodes stand between the store's port and the two tiers
 * ({@link RoutedNginxConfig#renderWithProxyTier}), and a node may also change role: moved from the {@code proxy} tier
 * to an application tier, its Squid is taken out of the balancing (a reload), stopped, and an application node with
 * its new tier's knobs started in its slot; moved the other way, its application node is drained and stopped and a
 * Squid started in its slot. The slot keeps its name.
 */
public final class RoutedShop implements AutoCloseable {
    public static final String BROWSE = RoutedNginxConfig.BROWSE;
    public static final String ORDER = RoutedNginxConfig.ORDER;
    public static final String PROXY = "proxy";
    private static final Duration RELOAD_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration MONITOR_INTERVAL = Duration.ofMillis(20);

    private final ShopStack stack;
    private final ShopStackConfig config;
    private final Map<String, AppKnobs> roleKnobs;
    private final Map<String, AppNode> nodes = new LinkedHashMap<>();
    private final Map<String, String> tierOf = new LinkedHashMap<>();
    private final Map<String, String> failed = new LinkedHashMap<>();
    private final List<AppNode> restarted = new ArrayList<>();
    private volatile Consumer<String> drained = n -> { };
    private SquidSlots squids;

    /**
     * What one move did: whether the node serves its new tier, whether it was restarted, how long it took, and
     * whether it changed role (a proxy became an application node, or back).
     */
    public record MoveOutcome(String node, String from, String to, boolean ok, boolean restarted, long millis,
                              String error, boolean roleChanged) {
    }

    private RoutedShop(ShopStack stack, ShopStackConfig config, Map<String, AppKnobs> roleKnobs) {
        this.stack = stack;
        this.config = config;
        this.roleKnobs = Map.copyOf(roleKnobs);
    }

    /**
     * Starts the stack of {@code config} (nginx and at least two application nodes), the first {@code browseNodes}
     * nodes in the browse tier and the rest in the order tier, each with its tier's knobs from {@code roleKnobs}
     * (keys {@code browse} and {@code order}).
     */
    public static RoutedShop start(ShopStackConfig config, int browseNodes, Map<String, AppKnobs> roleKnobs,
                                   Progress progress) throws IOException, SQLException, InterruptedException {
        return start(config, 0, browseNodes, roleKnobs, progress);
    }

    /**
     * As {@link #start(ShopStackConfig, int, Map, Progress)}, with the first {@code proxyNodes} of the stack's
     * {@code app-nodes} slots serving a proxy tier of Squid nodes ({@code proxy1}, {@code proxy2}...) in front of
     * the browse and order tiers, which share the other slots.
     */
    public static RoutedShop start(ShopStackConfig config, int proxyNodes, int browseNodes,
                                   Map<String, AppKnobs> roleKnobs, Progress progress)
            throws IOException, SQLException, InterruptedException {
        ShopTiers t = config.tiers();
        if (proxyNodes < 0 || proxyNodes > t.appNodes() - 2) {
            throw BadInputException.of("proxy-nodes", proxyNodes, "must be from 0 to app-nodes - 2 ("
                    + (t.appNodes() - 2) + "): the browse and order tiers start with a node each");
        }
        if (proxyNodes > 0) {
            SquidProxy.checkBinary(SquidProxy.DEFAULT_BINARY);
            config = new ShopStackConfig(config.out(), config.database(), config.pgBin(), config.scale(),
                    config.seed(), config.app(), new ShopTiers(t.proxy(), t.proxyPort(), t.proxyKnobs(),
                    t.proxyBinary(), t.appNodes() - proxyNodes, t.lines()));
        }
        int n = config.tiers().appNodes();
        if (!config.tiers().proxy().equals(ShopTiers.NGINX)) {
            throw BadInputException.of("proxy", config.tiers().proxy(), "must be nginx: it routes the two tiers");
        }
        if (browseNodes < 1 || browseNodes >= n) {
            throw BadInputException.of("browse-nodes", browseNodes, "must be from 1 to app-nodes - 1 (" + (n - 1)
                    + "): each tier starts with a node");
        }
        if (!roleKnobs.keySet().equals(java.util.Set.of(BROWSE, ORDER))) {
            throw new IllegalArgumentException("knobs for the browse and order tiers, not " + roleKnobs.keySet());
        }
        ShopStack stack = ShopStack.start(config, progress);
        RoutedShop shop = new RoutedShop(stack, config, roleKnobs);
        try {
            if (proxyNodes > 0) {
                shop.squids = new SquidSlots(SquidProxy.DEFAULT_BINARY, SquidKnobs.of(t.proxyKnobs()), config.out(),
                        freePort());
                for (int k = 1; k <= proxyNodes; k++) {
                    shop.squids.start(PROXY + k);
                    shop.tierOf.put(PROXY + k, PROXY);
                }
            }
            for (int k = 0; k < n; k++) {
                AppNode node = stack.apps.get(k);
                shop.nodes.put(node.name(), node);
                shop.tierOf.put(node.name(), k < browseNodes ? BROWSE : ORDER);
            }
            for (String name : List.copyOf(shop.nodes.keySet())) {
                AppKnobs knobs = roleKnobs.get(shop.tierOf.get(name));
                if (!knobs.equals(config.app())) {
                    shop.restart(name, knobs);
                }
            }
            shop.route();
            shop.awaitServes();
            return shop;
        } catch (IOException | RuntimeException e) {
            shop.close();
            throw e;
        }
    }

    public String baseUrl() {
        return stack.lines.get(0).proxy().baseUrl();
    }

    /** The nodes in service and their tiers, in the order they started. */
    public synchronized Map<String, String> tiers() {
        return Map.copyOf(new LinkedHashMap<>(tierOf));
    }

    /** The names of the nodes in service, in the order they started. */
    public synchronized List<String> nodeNames() {
        return List.copyOf(tierOf.keySet());
    }

    /** The excluded nodes and why. */
    public synchronized Map<String, String> failedNodes() {
        return new LinkedHashMap<>(failed);
    }

    /** For fault injection in tests: called with the node's name once it is out of its tier, before it rejoins. */
    public void atDrained(Consumer<String> hook) {
        this.drained = hook;
    }

    /** Kills node {@code name} at once, as a crash would, and waits (at most 5 s) until it is gone. */
    public synchronized void kill(String name) {
        AppNode node = nodes.get(name);
        if (node == null && squids != null) {
            squids.stop(name);
        }
        if (node != null) {
            node.kill();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (node.isAlive() && System.nanoTime() < deadline) {
                java.util.concurrent.locks.LockSupport.parkNanos(10_000_000L);
            }
        }
    }

    /** The port of node {@code name} (for a test to tell which node served a request). */
    public synchronized int port(String name) {
        return squids != null && squids.holds(name) ? squids.port(name) : nodes.get(name).port();
    }

    /**
     * CPU each node in service used over the next {@code window}, in milliseconds, as the thread monitor sums it over
     * the node's threads (sampled every 20 ms; blocks for the window).
     */
    public Map<String, Double> cpuMillisByNode(Duration window) throws InterruptedException {
        List<MonitoredProcess> processes = new ArrayList<>();
        synchronized (this) {
            nodes.forEach((name, node) -> {
                if (node.isAlive()) {
                    processes.add(new MonitoredProcess(name, (int) node.pid(), false, new NameBasedClassifier()));
                }
            });
            tierOf.keySet().stream().filter(name -> squids != null && squids.isAlive(name)).forEach(name ->
                    processes.add(new MonitoredProcess(name, (int) squids.pid(name), false,
                            new NameBasedClassifier())));
        }
        Map<String, Double> out = new LinkedHashMap<>();
        processes.forEach(p -> out.put(p.tenant(), 0.0));
        if (processes.isEmpty()) {
            Thread.sleep(window.toMillis());
            return out;
        }
        ThreadMonitor monitor = ThreadMonitor.start(processes, MONITOR_INTERVAL);
        Map<io.tunescope.monitor.GroupKey, LiveTotals.Snapshot> at;
        try {
            Thread.sleep(window.toMillis());
        } finally {
            at = monitor.liveTotals().snapshot();
            monitor.stop().close();
        }
        at.forEach((key, s) -> out.merge(key.tenant(), s.cpuNanos() / 1e6, Double::sum));
        return out;
    }

    /**
     * Excludes the nodes in service that died since the last look, and routes around them; returns them.
     */
    public synchronized List<String> excludeDead() throws IOException, InterruptedException {
        List<String> dead = tierOf.keySet().stream().filter(name -> !alive(name)).toList();
        for (String name : dead) {
            exclude(name, "exited while serving " + tierOf.get(name));
        }
        if (!dead.isEmpty()) {
            route();
        }
        return dead;
    }

    /** Moves node {@code name} to tier {@code to} (see the class comment); a node that fails is excluded. */
    public synchronized MoveOutcome move(String name, String to) throws IOException, InterruptedException {
        String from = tierOf.get(name);
        if (from == null) {
            throw BadInputException.of("node", name, "is not in service" + (failed.containsKey(name)
                    ? " (excluded: " + failed.get(name) + ")" : ""));
        }
        boolean proxyTier = squids != null;
        if (!to.equals(BROWSE) && !to.equals(ORDER) && !(proxyTier && to.equals(PROXY)) || to.equals(from)) {
            throw BadInputException.of("to", to, "must be another tier than " + from + " (browse, order"
                    + (proxyTier ? " or proxy)" : ")"));
        }
        long start = System.nanoTime();
        tierOf.remove(name);
        route();
        drained.accept(name);
        boolean role = from.equals(PROXY) || to.equals(PROXY);
        boolean restart = role || !roleKnobs.get(to).equals(roleKnobs.get(from));
        String error = null;
        try {
            if (!alive(name)) {
                // a node that crashed is not brought back by the restart a move may do: it is excluded
                throw new IOException("exited during the move from " + from);
            }
            if (role) {
                changeRole(name, to);
            } else if (restart) {
                restart(name, roleKnobs.get(to));
            }
            if (!alive(name) || !ChainReadiness.listening(port(name))) {
                error = "does not answer on its port after leaving " + from;
            } else if (to.equals(PROXY)) {
                // in service only once it serves: its first request to the router may fail (see ChainReadiness)
                ChainReadiness.awaitServes(tierName(name), "http://127.0.0.1:" + port(name) + "/shop/");
            }
        } catch (IOException e) {
            error = e.getMessage();
        }
        if (error == null) {
            tierOf.put(name, to);
        } else {
            exclude(name, error);
        }
        route();
        return new MoveOutcome(name, from, to, error == null, restart, (System.nanoTime() - start) / 1_000_000,
                error, role);
    }

    /** Stops the role slot {@code name} serves and starts the one of tier {@code to} in its place. */
    private void changeRole(String name, String to) throws IOException {
        if (to.equals(PROXY)) {
            nodes.remove(name).close();
            squids.start(name);
            return;
        }
        squids.stop(name);
        AppNode fresh;
        try {
            fresh = AppNode.start(name, roleKnobs.get(to), stack.database, ResultsDir.of(config.out()).tierLog(name));
        } catch (IOException e) {
            throw new IOException("did not start as an application node: " + e.getMessage(), e);
        }
        restarted.add(fresh);
        nodes.put(name, fresh);
    }

    private boolean alive(String name) {
        AppNode node = nodes.get(name);
        return node != null ? node.isAlive() : squids != null && squids.isAlive(name);
    }

    private void exclude(String name, String why) {
        failed.put(name, why);
        tierOf.remove(name);
        AppNode node = nodes.remove(name);
        if (node != null) {
            node.close();
        }
        if (squids != null) {
            squids.stop(name);
        }
    }

    private void restart(String name, AppKnobs knobs) throws IOException {
        AppNode old = nodes.get(name);
        old.close();
        AppNode fresh;
        try {
            fresh = AppNode.start(name, knobs, stack.database, ResultsDir.of(config.out()).tierLog(name));
        } catch (IOException e) {
            throw new IOException("did not restart with its new tier's knobs: " + e.getMessage(), e);
        }
        restarted.add(fresh);
        nodes.put(name, fresh);
    }

    /**
     * Returns once a browse and an order page pass the whole chain, checked from the back to the front (see
     * {@link ChainReadiness}): the router and each Squid node of the proxy tier, then the store's front.
     */
    private void awaitServes() throws IOException, InterruptedException {
        if (squids != null) {
            ChainReadiness.awaitServes("the router of the browse and order tiers (nginx, port " + squids.routerPort()
                    + ")", "http://127.0.0.1:" + squids.routerPort() + "/shop/");
            for (String name : tierOf.keySet()) {
                if (squids.holds(name)) {
                    ChainReadiness.awaitServes(tierName(name), "http://127.0.0.1:" + port(name) + "/shop/");
                }
            }
        }
        ChainReadiness.awaitServes("the store's front (nginx, port " + stack.lines.get(0).proxy().port() + ")",
                baseUrl());
    }

    private String tierName(String proxyNode) {
        return "proxy tier node " + proxyNode + " (Squid, port " + port(proxyNode) + ")";
    }

    /** Writes the routed configuration for the nodes in service and reloads nginx with it. */
    private void route() throws IOException, InterruptedException {
        List<Integer> browse = new ArrayList<>();
        List<Integer> order = new ArrayList<>();
        List<Integer> proxies = new ArrayList<>();
        tierOf.forEach((name, tier) -> (tier.equals(PROXY) ? proxies : tier.equals(BROWSE) ? browse : order)
                .add(port(name)));
        if (browse.isEmpty() && order.isEmpty()) {
            throw new IOException("no application node left in service (excluded: " + failed + ")");
        }
        ResultsDir dir = ResultsDir.of(config.out());
        boolean root = "root".equals(System.getProperty("user.name"));
        Path home = dir.shopProxyDir().toAbsolutePath();
        int front = stack.lines.get(0).proxy().port();
        ProxyKnobs knobs = config.tiers().proxyKnobs();
        String text = squids == null ? RoutedNginxConfig.render(knobs, home, front, browse, order, root)
                : RoutedNginxConfig.renderWithProxyTier(knobs, home, front, squids.routerPort(), proxies, browse,
                order, root);
        ((NginxProxy) stack.lines.get(0).proxy()).reload(dir.shopProxyConfig(), text, RELOAD_TIMEOUT);
    }

    private static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        try {
            if (squids != null) {
                squids.close();
            }
            restarted.forEach(AppNode::close);
        } finally {
            stack.close();
        }
    }
}
