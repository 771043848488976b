package io.tunescope.shop.stack;

import io.tunescope.engine.Lifecycle;
import io.tunescope.monitor.MonitorReport;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.MonitoredProcess;
import io.tunescope.monitor.Recording;
import io.tunescope.monitor.ThreadMonitor;
import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.store.ShopSummary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The thread monitor attached to every process of the stack and to the driver itself ({@code shop run --monitor})
 * over the measurement interval; per process: threads, CPU, run-queue delay and the samples that found its threads
 * running or sleeping. The driver's figures leave out the sampling thread itself.
 */
final class TierMonitor {
    private final ThreadMonitor monitor;
    /** The database tier's process name: its engine's id. */
    private final String database;

    private TierMonitor(ThreadMonitor monitor, String database) {
        this.monitor = monitor;
        this.database = database;
    }

    /** Starts sampling every process of {@code stack} and the driver as {@code options} say. */
    static TierMonitor start(ShopStack stack, MonitorOptions options) {
        List<MonitoredProcess> processes = new ArrayList<>();
        processes.add(new MonitoredProcess("driver", (int) ProcessHandle.current().pid(), false,
                new NameBasedClassifier()));
        for (ShopStack.Line l : stack.lines) {
            if (l.proxy() != null) {
                // nginx's workers are the master's children; several proxies go by their node names
                processes.add(new MonitoredProcess(stack.lines.size() == 1 ? "nginx" : l.proxyNode(),
                        (int) l.proxy().pid(), true, new NameBasedClassifier()));
            }
        }
        for (AppNode app : stack.apps) {
            processes.add(new MonitoredProcess(app.name(), (int) app.pid(), false, new NameBasedClassifier()));
        }
        ShopDatabase database = stack.database;
        io.tunescope.engine.Engine engine = database.engine();
        // a private server's work runs in its children too (PostgreSQL's backends), as a TPC-H tenant's does
        boolean children = engine.serviceTier().equals(java.util.Optional.of(Lifecycle.PRIVATE_SERVER));
        processes.add(new MonitoredProcess(database.kind(), database.pids().get(0).intValue(), children,
                engine.threadRoles()));
        return new TierMonitor(ThreadMonitor.start(processes, options), database.kind());
    }

    /** Stops sampling and sums each process's threads. */
    List<ShopSummary.TierThreads> stop() {
        try (Recording recording = monitor.stop()) {
            MonitorReport report = MonitorReport.of(recording);
            Map<String, double[]> sums = new LinkedHashMap<>();
            for (MonitorReport.ThreadEntry t : report.threads()) {
                if (t.tenant().equals("driver") && t.name().startsWith("tunescope-moni")) {
                    // the sampler (its name cut to 15 characters by /proc) runs in the driver's JVM but is not
                    // the driver
                    continue;
                }
                double[] s = sums.computeIfAbsent(t.tenant(), k -> new double[5]);
                s[0]++;
                s[1] += t.cpuMillis() == null ? 0 : t.cpuMillis();
                s[2] += t.runDelayMillis() == null ? 0 : t.runDelayMillis();
                s[3] += t.runningSamples();
                s[4] += t.sleepingSamples();
            }
            List<ShopSummary.TierThreads> tiers = new ArrayList<>();
            sums.forEach((node, s) -> tiers.add(new ShopSummary.TierThreads(tierOf(node), node, (int) s[0], s[1],
                    s[2], (long) s[3], (long) s[4])));
            return tiers;
        }
    }

    private String tierOf(String node) {
        if (node.equals(database)) {
            return "db";
        }
        return switch (node) {
            case "driver" -> "driver";
            case "nginx" -> "proxy";
            default -> node.startsWith("proxy") ? "proxy" : "app";
        };
    }
}
