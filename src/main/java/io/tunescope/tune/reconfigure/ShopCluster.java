package io.tunescope.tune.reconfigure;

import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ClusterNode;
import io.tunescope.tune.cluster.Move;
import io.tunescope.shop.browser.CompletionCounter;
import io.tunescope.shop.stack.RoutedShop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The web shop's running stack as a {@link ReconfigurableCluster}: its application nodes in the browse and order
 * tiers of a {@link RoutedShop}, and its Squid nodes in the proxy tier when it has one (a move to or from that tier
 * changes the node's role). A tier's utilization is the CPU the thread monitor sees its nodes' threads use over
 * the window (measured over the next window: the call blocks for it), divided by the window and the tier's nodes
 * (1.0 = one core per node); the WIPS are the browsers' completions over the last window. Each node is its own work
 * line. Nodes that died are excluded before each measurement.
 */
public final class ShopCluster implements ReconfigurableCluster, OnlineReconfiguration.FailureReasons {
    private final RoutedShop shop;
    private final CompletionCounter completions;
    private final List<String> started;

    public ShopCluster(RoutedShop shop, CompletionCounter completions) {
        this.shop = shop;
        this.completions = completions;
        this.started = shop.nodeNames();
    }

    @Override
    public ClusterLayout layout() {
        List<ClusterNode> nodes = new ArrayList<>();
        shop.tiers().entrySet().stream().sorted(Map.Entry.comparingByKey(this::compareStarted)).forEach(e ->
                nodes.add(new ClusterNode(e.getKey(), e.getValue(), "line" + (started.indexOf(e.getKey()) + 1))));
        return new ClusterLayout(nodes);
    }

    private int compareStarted(String a, String b) {
        return Integer.compare(started.indexOf(a), started.indexOf(b));
    }

    @Override
    public Map<String, Double> tierUtilization(Duration window) throws InterruptedException {
        try {
            shop.excludeDead();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Double> cpu = shop.cpuMillisByNode(window);
        Map<String, String> tiers = shop.tiers();
        Map<String, double[]> sums = new LinkedHashMap<>();
        tiers.forEach((node, tier) -> {
            double[] s = sums.computeIfAbsent(tier, t -> new double[2]);
            s[0] += cpu.getOrDefault(node, 0.0);
            s[1]++;
        });
        Map<String, Double> out = new LinkedHashMap<>();
        sums.forEach((tier, s) -> out.put(tier, s[0] / (window.toMillis() * s[1])));
        return out;
    }

    @Override
    public double wips(Duration window) {
        long now = System.nanoTime();
        return completions.ratePerSecond(now - window.toNanos(), now);
    }

    @Override
    public Move.Kind kindOf(String from, String to) {
        return from.equals(RoutedShop.PROXY) != to.equals(RoutedShop.PROXY) ? Move.Kind.ROLE : Move.Kind.TIER;
    }

    @Override
    public void move(Move move) throws InterruptedException {
        try {
            shop.move(move.node(), move.to());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Map<String, String> failedNodes() {
        return shop.failedNodes();
    }
}
