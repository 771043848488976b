package io.tunescope.monitor;

import io.tunescope.monitor.proc.ClockTicks;
import io.tunescope.monitor.role.ThreadRole;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Derives {@link QueryMetrics} for executions from a {@link Recording}.
 *
 * <h2>Attribution rule</h2>
 * An execution of tenant T over {@code [start, end]} is charged with everything T's query threads (workers, and
 * client threads inside the tenant process: DuckDB runs pipeline tasks on the calling thread too) did in that
 * window. With one user per tenant this is exact up to the sampling grain: counters (CPU, switches,
 * migrations) are read at every counter tick, so a window edge is off by at most one interval of the workers'
 * activity, and sampled counts (running/sleeping samples, sampled jumps) have the usual ±1 sample per edge.
 *
 * <p>Under concurrency (several users of T overlapping), worker threads are shared and the kernel cannot tell
 * which execution a worker served. {@link #attributeAll} then charges each execution the tenant's worker activity
 * in its window divided by the mean number of T's executions in flight during that window (equal share; the
 * numbers in flight come from {@link ExecutionOverlap}). The error of this rule is the deviation of the real split
 * from equal shares: bounded by the tenant's total in the window, exact when the overlapping executions have equal
 * demand, and largest when a light query overlaps a heavy one. {@code concurrentExecutions} in the result says when
 * the rule was applied. Machine-wide metrics (total CPU, context switches) are never split: they describe the
 * window. Executions of other tenants never share workers with T (each tenant is its own process), so there is no
 * cross-tenant error.
 *
 * <h2>Per connection</h2>
 * Where the server runs one process per connection (PostgreSQL), an execution whose connection's server process is
 * known ({@link Execution#connectionPid()}) is charged only the threads serving that connection: its backend and the
 * parallel workers whose leader it is ({@link ThreadInfo#connectionPid()}), whole, with no share taken: the other
 * users' backends and workers are theirs. {@code concurrentExecutions} still counts the overlapping executions.
 */
public final class QueryMetricsCalculator {
    private QueryMetricsCalculator() {
    }

    /** Metrics of one execution of {@code tenant} in {@code [startNanos, endNanos]}, charged the whole window. */
    public static QueryMetrics metricsFor(Recording recording, String tenant, long startNanos, long endNanos) {
        return compute(recording, t -> t.tenant().equals(tenant) && doesQueryWork(t.role()), startNanos, endNanos,
                1.0, 1);
    }

    /**
     * Metrics of each execution, in order: per connection where its server process is known, otherwise with the
     * equal-share rule for overlapping executions of a tenant.
     */
    public static List<QueryMetrics> attributeAll(Recording recording, List<Execution> executions) {
        List<ExecutionOverlap> overlaps = ExecutionOverlap.of(executions);
        List<QueryMetrics> out = new ArrayList<>(executions.size());
        for (int i = 0; i < executions.size(); i++) {
            Execution e = executions.get(i);
            ExecutionOverlap o = overlaps.get(i);
            out.add(compute(recording, servingThreads(e), e.startNanos(), e.endNanos(),
                    e.ownConnection() ? 1.0 : o.meanInFlight(), o.overlapping()));
        }
        return out;
    }

    /** The threads charged with {@code e}: its connection's, or all the tenant's query threads. */
    static Predicate<ThreadInfo> servingThreads(Execution e) {
        Predicate<ThreadInfo> tenantWork = t -> t.tenant().equals(e.tenant()) && doesQueryWork(t.role());
        return e.ownConnection() ? tenantWork.and(t -> t.connectionPid() == e.connectionPid()) : tenantWork;
    }

    /**
     * Threads that execute queries: workers, and the client threads inside a tenant process (an embedded engine such
     * as DuckDB runs pipeline tasks on the calling thread too). Server engines' clients live elsewhere.
     */
    static boolean doesQueryWork(ThreadRole role) {
        return role == ThreadRole.WORKER || role == ThreadRole.CLIENT;
    }

    private static QueryMetrics compute(Recording recording, Predicate<ThreadInfo> charged, long start, long end,
                                        double share, int overlapping) {
        List<ThreadWindow> workers = WindowAggregator.aggregate(recording, start, end, charged);
        double responseMillis = (end - start) / 1e6;
        long running = 0;
        long sleeping = 0;
        long rsSampled = 0;
        long coreSampled = 0;
        int active = 0;
        long firstBusy = Long.MAX_VALUE;
        long lastBusy = Long.MIN_VALUE;
        Sum cpu = new Sum();
        Sum voluntary = new Sum();
        Sum migrations = new Sum();
        Sum runDelay = new Sum();
        for (ThreadWindow w : workers) {
            running += w.runningSamples();
            sleeping += w.sleepingSamples();
            rsSampled += w.rsJumpsSampled();
            coreSampled += w.coreChangesSampled();
            active += w.active() ? 1 : 0;
            if (w.firstBusyNanos() >= 0) {
                firstBusy = Math.min(firstBusy, w.firstBusyNanos());
                lastBusy = Math.max(lastBusy, w.lastBusyNanos());
            }
            cpu.add(w.active() ? w.cpuNanos() : Long.valueOf(0L), w.cpuNanos());
            voluntary.add(w.voluntarySwitches(), w.voluntarySwitches());
            migrations.add(w.migrations(), w.migrations());
            runDelay.add(w.runDelayNanos(), w.runDelayNanos());
        }
        boolean sampled = !workers.isEmpty();
        Double processing = null;
        if (sampled) {
            double intervalMillis = recording.interval().toNanos() / 1e6;
            processing = firstBusy == Long.MAX_VALUE ? 0.0
                    : Math.min(responseMillis, (lastBusy - firstBusy) / 1e6 + intervalMillis);
        }
        long[] system = recording.system().delta(start, end);
        return new QueryMetrics(responseMillis, processing, sampled ? active : null,
                sampled && sleeping > 0 ? (double) running / sleeping : null,
                voluntary.shared(share), sampled ? rsSampled : null,
                cpu.total == null ? null : cpu.total / share / 1e6,
                system == null ? null : ClockTicks.toMillis(system[1]),
                migrations.shared(share), sampled ? coreSampled : null,
                system == null ? null : system[0], sampled ? running : null, sampled ? sleeping : null,
                runDelay.total == null ? null : runDelay.total / share / 1e6, overlapping);
    }

    /** A sum that becomes null as soon as one contribution is unmeasured. */
    private static final class Sum {
        Long total = 0L;

        void add(Long value, Long measured) {
            if (total == null) {
                return;
            }
            if (measured == null) {
                total = null;
            } else {
                total += value == null ? 0 : value;
            }
        }

        Long shared(double share) {
            return total == null ? null : Math.round(total / share);
        }
    }
}
