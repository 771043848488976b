package io.tunescope.tune.cluster.sim;

import io.tunescope.store.SimCalibration;
import io.tunescope.tune.cluster.ClusterNode;
import io.tunescope.tune.space.Configuration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The closed queueing model behind {@link SimulatedCluster} (docs/findings.md, "The simulator and its calibration"): each work line
 * gets an equal share of the emulated browsers, which think for {@code thinkMillis} and then send one interaction to
 * the line's proxies (round robin); what the proxy's cache does not answer goes on to the line's application nodes
 * (round robin), which call the database. Every node is a multi-server station (its cores) solved by exact
 * single-class mean-value analysis per line with Seidmann's approximation (a station of s servers and demand D is a
 * queue of demand D/s plus a delay of D(s-1)/s); the database is a pure delay (it never saturates: the model tunes
 * the proxy and application tiers only, as the lines share no station). The knobs shape demand so that each has an
 * optimum inside its range: the proxy's cache raises its hit share with diminishing returns but slows the proxy once
 * it exceeds the node's memory; proxy workers add servers up to the cores, each adding contention; application
 * threads keep cores busy while others wait for the database, each adding contention; the application's page cache
 * saves work and database calls but costs garbage collection as it grows.
 */
public final class ClusterModel {
    public static final int PROXY_CORES = 2;
    public static final int APP_CORES = 4;
    static final double PROXY_MEMORY_MIB = 256;
    static final double SWAP_PENALTY = 3.0;
    static final double PROXY_HIT_MAX = 0.40;
    static final double WORKER_CONTENTION = 0.03;
    static final double THREAD_CONTENTION = 0.003;
    static final double APP_CACHE_HIT_MAX = 0.30;
    static final double APP_CACHE_HALF_ENTRIES = 1_500;
    static final double APP_CACHE_SAVES = 0.6;
    static final double GC_ENTRIES = 30_000;
    static final double NETWORK_MILLIS = 0.5;

    private final SimCalibration cal;
    private final double thinkMillis;

    public ClusterModel(SimCalibration cal, double thinkMillis) {
        this.cal = cal;
        this.thinkMillis = thinkMillis;
    }

    /** One station of a line: a node's queueing demand, delay demand and servers' busy share per interaction. */
    record Station(String node, double queueMillis, double delayMillis, double servers) {
    }

    /** The proxy's cache hit share at {@code cacheMiB}, equal to the calibrated share at the default 64 MiB. */
    double proxyHit(double cacheMiB) {
        double h0 = Math.min(cal.proxyHitShare(), PROXY_HIT_MAX * 0.9);
        double half = 64 * (PROXY_HIT_MAX / Math.max(h0, 1e-6) - 1);
        return PROXY_HIT_MAX * cacheMiB / (cacheMiB + half);
    }

    /** Per line: its WIPS with {@code browsers} browsers, and each node's utilization (busy share of its cores). */
    public record LineResult(double wips, Map<String, Double> utilization) {
    }

    public LineResult line(List<ClusterNode> nodes, Map<String, Configuration> config, int browsers) {
        List<ClusterNode> proxies = nodes.stream().filter(n -> n.tier().equals("proxy")).toList();
        List<ClusterNode> apps = nodes.stream().filter(n -> n.tier().equals("app")).toList();
        if (apps.isEmpty() || browsers == 0) {
            return new LineResult(0, Map.of());
        }
        List<Station> stations = new ArrayList<>();
        double miss = proxies.isEmpty() ? 1 : 0;
        for (ClusterNode p : proxies) {
            Configuration c = config.get(p.name());
            double cache = number(c, "proxy_cache_size");
            double workers = number(c, "proxy_workers");
            double demand = cal.proxyCpuMillis() / proxies.size()
                    * (1 + SWAP_PENALTY * Math.max(0, cache - PROXY_MEMORY_MIB) / PROXY_MEMORY_MIB)
                    * (1 + WORKER_CONTENTION * (workers - 1));
            stations.add(station(p.name(), demand, Math.min(workers, PROXY_CORES)));
            miss += (1 - proxyHit(cache)) / proxies.size();
        }
        double delay = NETWORK_MILLIS;
        for (ClusterNode a : apps) {
            Configuration c = config.get(a.name());
            double threads = number(c, "app_max_threads");
            double entries = number(c, "app_cache_entries");
            double hit = APP_CACHE_HIT_MAX * entries / (entries + APP_CACHE_HALF_ENTRIES);
            double cpu = cal.appCpuMillis() * (1 - APP_CACHE_SAVES * hit) * (1 + entries / GC_ENTRIES)
                    * (1 + THREAD_CONTENTION * (threads - 1));
            double dbWait = cal.dbMillis() * (1 - hit);
            double busy = cpu / (cpu + dbWait);
            double visit = miss / apps.size();
            stations.add(station(a.name(), cpu * visit, Math.min(APP_CORES, threads * busy)));
            delay += dbWait * visit;
        }
        return solve(stations, delay, browsers);
    }

    private static Station station(String node, double demand, double servers) {
        double s = Math.max(servers, 1e-3);
        return new Station(node, demand / s, Math.max(0, demand * (s - 1) / s), s);
    }

    /** Exact single-class MVA over {@code browsers} (Reiser and Lavenberg), think time as a delay. */
    private LineResult solve(List<Station> stations, double delayMillis, int browsers) {
        double fixedDelay = delayMillis + thinkMillis + stations.stream().mapToDouble(Station::delayMillis).sum();
        double[] q = new double[stations.size()];
        double x = 0;
        for (int n = 1; n <= browsers; n++) {
            double r = 0;
            double[] rk = new double[q.length];
            for (int k = 0; k < q.length; k++) {
                rk[k] = stations.get(k).queueMillis() * (1 + q[k]);
                r += rk[k];
            }
            x = n / (fixedDelay + r);
            for (int k = 0; k < q.length; k++) {
                q[k] = x * rk[k];
            }
        }
        Map<String, Double> util = new LinkedHashMap<>();
        for (Station s : stations) {
            util.put(s.node(), Math.min(1, x * s.queueMillis()));
        }
        return new LineResult(x * 1000, util);
    }

    private static double number(Configuration c, String knob) {
        if (c == null || !(c.get(knob) instanceof Number v)) {
            throw new IllegalArgumentException("the configuration " + c + " has no number for " + knob);
        }
        return v.doubleValue();
    }
}
