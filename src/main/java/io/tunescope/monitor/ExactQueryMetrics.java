package io.tunescope.monitor;

import io.tunescope.monitor.trace.ThreadTrace;
import io.tunescope.monitor.trace.TraceSummary;

import java.util.ArrayList;
import java.util.List;

/**
 * The study's per-query metrics of executions computed from the scheduler trace instead of samples: the
 * {@code exact} object beside the sampled {@code metrics} of summary.json. Same threads (the tenant's query threads,
 * by the recording's roles), same windows and the same equal-share rule under concurrency as
 * {@link QueryMetricsCalculator} (per connection where the execution's server process is known); only the source
 * differs.
 * <ul>
 *   <li>{@code processingMillis}: first switch-in to last switch-out of a worker inside the window (no sampling
 *       grain added);</li>
 *   <li>{@code activeWorkers}: workers with on-CPU time in the window;</li>
 *   <li>{@code rsRatio}: time runnable (on a CPU or in a run queue, the {@code R} a sampler reads) over time not
 *       runnable, summed over the workers alive in the window;</li>
 *   <li>{@code rsJumps}: on-CPU intervals that ended blocked in the window; {@code cpuJumps}: switch-ins in the
 *       window on another CPU than the thread's previous one; {@code workerCpuMillis} and {@code runDelayMillis}:
 *       on-CPU and run-queue time clipped to the window;</li>
 *   <li>null, by design: the sampled variants ({@code rsJumpsSampled}, {@code coreChangesSampled},
 *       {@code runningSamples}, {@code sleepingSamples}) and the machine-wide ones ({@code totalCpuMillis},
 *       {@code contextSwitches}): the trace is filtered to the tenants' threads.</li>
 * </ul>
 */
public final class ExactQueryMetrics {
    private ExactQueryMetrics() {
    }

    /** Metrics of each execution, in order; {@code threads} are the recording's (tenant and role of each tid). */
    public static List<QueryMetrics> attributeAll(TraceSummary trace, List<ThreadInfo> threads,
                                                  List<Execution> executions) {
        List<ExecutionOverlap> overlaps = ExecutionOverlap.of(executions);
        List<QueryMetrics> out = new ArrayList<>(executions.size());
        for (int i = 0; i < executions.size(); i++) {
            Execution e = executions.get(i);
            ExecutionOverlap o = overlaps.get(i);
            out.add(compute(trace, servingThreads(e, threads),
                    e.startNanos(), e.endNanos(), e.ownConnection() ? new ExecutionOverlap(1.0, o.overlapping()) : o));
        }
        return out;
    }

    /** The threads among {@code threads} charged with {@code e}: its connection's, or all its tenant's. */
    static List<ThreadInfo> servingThreads(Execution e, List<ThreadInfo> threads) {
        return threads.stream().filter(QueryMetricsCalculator.servingThreads(e)).toList();
    }

    /** The tenant's query threads among {@code threads}. */
    static List<ThreadInfo> workersOf(String tenant, List<ThreadInfo> threads) {
        return threads.stream().filter(t -> t.tenant().equals(tenant)
                && QueryMetricsCalculator.doesQueryWork(t.role())).toList();
    }

    /** One window's metrics from {@code workers}' timelines, divided among {@code overlap}'s executions. */
    static QueryMetrics compute(TraceSummary trace, List<ThreadInfo> workers, long start, long end,
                                ExecutionOverlap overlap) {
        double share = overlap.meanInFlight();
        long cpu = 0;
        long wait = 0;
        long alive = 0;
        long sleeps = 0;
        long coreChanges = 0;
        int active = 0;
        long firstBusy = Long.MAX_VALUE;
        long lastBusy = Long.MIN_VALUE;
        for (ThreadInfo w : workers) {
            long from = Math.max(start, w.presentAtStart() ? Long.MIN_VALUE : w.firstSeenNanos());
            long to = Math.min(end, w.exited() ? w.lastSeenNanos() : Long.MAX_VALUE);
            alive += Math.max(0, to - from);
            ThreadTrace t = trace.threads().get(w.tid());
            if (t == null) {
                continue; // no event in the trace: asleep throughout
            }
            long onCpu = t.onCpuNanos(start, end);
            cpu += onCpu;
            wait += t.waitNanos(start, end);
            active += onCpu > 0 ? 1 : 0;
            int previousCpu = -1;
            for (ThreadTrace.OnCpuInterval i : t.onCpu()) {
                boolean startsIn = i.startNanos() >= start && i.startNanos() < end;
                if (startsIn && previousCpu >= 0 && previousCpu != i.cpu()) {
                    coreChanges++;
                }
                previousCpu = i.cpu();
                if (i.end() == ThreadTrace.End.SLEEP && i.endNanos() >= start && i.endNanos() < end) {
                    sleeps++;
                }
                if (i.endNanos() > start && i.startNanos() < end && i.endNanos() > i.startNanos()) {
                    firstBusy = Math.min(firstBusy, Math.max(start, i.startNanos()));
                    lastBusy = Math.max(lastBusy, Math.min(end, i.endNanos()));
                }
            }
        }
        long runnable = cpu + wait;
        long notRunnable = alive - runnable;
        double processing = firstBusy == Long.MAX_VALUE ? 0.0 : (lastBusy - firstBusy) / 1e6;
        return new QueryMetrics((end - start) / 1e6, processing, active,
                notRunnable > 0 ? (double) runnable / notRunnable : null, Math.round(sleeps / share), null,
                cpu / share / 1e6, null, Math.round(coreChanges / share), null, null, null, null,
                wait / share / 1e6, overlap.overlapping());
    }
}
