package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.monitor.LiveTotals;
import io.tunescope.monitor.MonitoredProcess;
import io.tunescope.monitor.ThreadMonitor;
import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.NginxProxy;
import io.tunescope.shop.proxy.RoutedNginxConfig;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
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
 */
public final class RoutedShop implements AutoCloseable {
    public static final String BROWSE = RoutedNginxConfig.BROWSE;
    public static final String ORDER = RoutedNginxConfig.ORDER;
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

    /** What one move did: whether the node serves its new tier, whether it was restarted, how long it took. */
    public record MoveOutcome(String node, String from, String to, boolean ok, boolean restarted, long millis,
                              String error) {
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
        return nodes.get(name).port();
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
        List<String> dead = nodes.entrySet().stream().filter(e -> !e.getValue().isAlive()).map(Map.Entry::getKey)
                .toList();
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
        if (!to.equals(BROWSE) && !to.equals(ORDER) || to.equals(from)) {
            throw BadInputException.of("to", to, "must be the other tier than " + from + " (browse or order)");
        }
        long start = System.nanoTime();
        tierOf.remove(name);
        route();
        drained.accept(name);
        boolean restart = !roleKnobs.get(to).equals(roleKnobs.get(from));
        String error = null;
        try {
            if (!nodes.get(name).isAlive()) {
                // a node that crashed is not brought back by the restart a move may do: it is excluded
                throw new IOException("exited during the move from " + from);
            }
            if (restart) {
                restart(name, roleKnobs.get(to));
            }
            if (!listening(nodes.get(name))) {
                error = "does not answer on its port after leaving " + from;
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
                error);
    }

    private void exclude(String name, String why) {
        failed.put(name, why);
        tierOf.remove(name);
        AppNode node = nodes.remove(name);
        if (node != null) {
            node.close();
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

    private static boolean listening(AppNode node) {
        if (node == null || !node.isAlive()) {
            return false;
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), node.port()), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Writes the routed configuration for the nodes in service and reloads nginx with it. */
    private void route() throws IOException, InterruptedException {
        List<Integer> browse = new ArrayList<>();
        List<Integer> order = new ArrayList<>();
        tierOf.forEach((name, tier) -> (tier.equals(BROWSE) ? browse : order).add(nodes.get(name).port()));
        if (browse.isEmpty() && order.isEmpty()) {
            throw new IOException("no application node left in service (excluded: " + failed + ")");
        }
        ResultsDir dir = ResultsDir.of(config.out());
        boolean root = "root".equals(System.getProperty("user.name"));
        ((NginxProxy) stack.lines.get(0).proxy()).reload(dir.shopProxyConfig(), RoutedNginxConfig.render(config.tiers().proxyKnobs(),
                dir.shopProxyDir().toAbsolutePath(), stack.lines.get(0).proxy().port(), browse, order, root), RELOAD_TIMEOUT);
    }

    @Override
    public void close() {
        try {
            restarted.forEach(AppNode::close);
        } finally {
            stack.close();
        }
    }
}
