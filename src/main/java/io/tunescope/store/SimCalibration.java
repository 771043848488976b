package io.tunescope.store;

import io.tunescope.BadInputException;

import java.util.List;

/**
 * The service demands a {@link SimulatedCluster} starts from, per interaction: the proxy's CPU, an application
 * node's CPU for an interaction it serves, the database's time (its processes' CPU and run-queue delay, which an
 * application thread waits for), and the share the proxy's cache answered, as measured
 * by the thread monitor in a {@code shop run --monitor} ({@link #fromSummary}). {@link #RECORDED} holds one such run
 * measured here (docs/findings.md, "Cluster tuning modes"), so tests and the simulated bench need no stack.
 */
public record SimCalibration(double proxyCpuMillis, double appCpuMillis, double dbMillis, double proxyHitShare,
                             String source) {
    /**
     * {@code shop run --mix browsing --browsers 50 --duration 60s --think-scale 0.05 --app-nodes 2 --monitor},
     * 2026-12-01 03:27 UTC, PostgreSQL, nginx in front (64 MiB cache, one worker), load average 1.0 to 6.1: 132.4 WIPSb,
     * 7,945 interactions, the proxy cache answered 23.2 %; CPU nginx 1,436 ms, app1 + app2 6,911 ms, PostgreSQL 3,583 ms
     * CPU + 19,878 ms run-queue delay.
     */
    public static final SimCalibration RECORDED = new SimCalibration(0.181, 1.132, 2.953, 0.232,
            "shop run --mix browsing --browsers 50 --duration 60s --think-scale 0.05 --app-nodes 2 --monitor "
                    + "(2026-12-01, docs/findings.md, Cluster tuning modes)");

    public SimCalibration {
        positive("proxyCpuMillis", proxyCpuMillis);
        positive("appCpuMillis", appCpuMillis);
        positive("dbMillis", dbMillis);
        if (!(proxyHitShare >= 0 && proxyHitShare < 1)) {
            throw BadInputException.of("proxyHitShare", proxyHitShare, "must be at least 0 and below 1");
        }
    }

    private static void positive(String field, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw BadInputException.of(field, v, "must be a positive number of milliseconds");
        }
    }

    /**
     * The demands of a monitored shop run: each tier's CPU (the monitor's per-process sums, tiers {@code proxy},
     * {@code app} and the database) over the interactions of the measurement interval; an application node's share
     * counts only the interactions the proxy's cache did not answer.
     */
    public static SimCalibration fromSummary(ShopSummary s, String source) {
        List<ShopSummary.TierThreads> monitor = s.monitor();
        if (monitor == null || monitor.isEmpty()) {
            throw BadInputException.of("summary.monitor", "missing", "needs a run with --monitor");
        }
        double interactions = s.wips() * s.measureSeconds();
        if (!(interactions > 0)) {
            throw BadInputException.of("summary.wips", s.wips(), "must be above 0 to calibrate");
        }
        double hit = s.proxyCacheHitPercent() / 100.0;
        double proxy = cpu(monitor, "proxy") / interactions;
        double app = cpu(monitor, "app") / (interactions * (1 - hit));
        double db = monitor.stream().filter(SimCalibration::isDatabase)
                .mapToDouble(t -> t.cpuMillis() + t.runDelayMillis()).sum() / interactions;
        return new SimCalibration(proxy, app, db, hit, source);
    }

    private static double cpu(List<ShopSummary.TierThreads> monitor, String tier) {
        return monitor.stream().filter(t -> t.tier().equals(tier)).mapToDouble(ShopSummary.TierThreads::cpuMillis)
                .sum();
    }

    /** The database's processes: every tier but the proxy, the application nodes and the driver. */
    private static boolean isDatabase(ShopSummary.TierThreads t) {
        return !List.of("proxy", "app", "driver").contains(t.tier());
    }
}
