package io.tunescope.monitor;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunescope.store.QueryMetricsMean;

import java.util.List;
import java.util.function.Function;

/**
 * The study's per-query resource metrics for one execution (the {@code metrics} object of a query entry in
 * {@code summary.json}). A null value was not measurable, never zero: a kernel without {@code schedstat} gives no
 * worker CPU, a window without two system readings gives no total CPU, and so on.
 *
 * @param responseMillis       end minus start of the execution as the client saw it
 * @param processingMillis     engine-side busy span: first to last sample with a busy worker (state R or CPU
 *                             growing), plus one interval for the sampling grain, at most {@code responseMillis}
 * <p>"Workers" here are the tenant's query threads: worker threads, plus client threads living inside the tenant
 * process (DuckDB runs pipeline tasks on the calling user thread too); JVM and engine-internal threads never count.
 *
 * @param activeWorkers        distinct worker threads of the tenant that ran in the window
 * @param rsRatio              running worker samples divided by sleeping worker samples (null with no sleeping one)
 * @param rsJumps              running→sleeping transitions of the workers, exact: their voluntary context switches
 * @param rsJumpsSampled       the same, counted between consecutive samples (misses short sleeps)
 * @param workerCpuMillis      on-CPU time of the workers (schedstat nanoseconds)
 * @param totalCpuMillis       busy CPU time of the whole machine in the window (/proc/stat, 10 ms ticks)
 * @param cpuJumps             core changes of the workers, exact: their migrations ({@code se.nr_migrations})
 * @param coreChangesSampled   core changes seen between consecutive samples
 * @param contextSwitches      context switches of the whole machine in the window (/proc/stat {@code ctxt})
 * @param runningSamples       worker samples in state R
 * @param sleepingSamples      worker samples in any other state
 * @param runDelayMillis       time the workers spent runnable but waiting in a run queue (schedstat): CPU demand
 *                             the machine could not serve at once
 * @param concurrentExecutions executions of the same tenant overlapping this one (see the attribution rule)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record QueryMetrics(double responseMillis, Double processingMillis, Integer activeWorkers, Double rsRatio,
                           Long rsJumps, Long rsJumpsSampled, Double workerCpuMillis, Double totalCpuMillis,
                           Long cpuJumps, Long coreChangesSampled, Long contextSwitches, Long runningSamples,
                           Long sleepingSamples, Double runDelayMillis, int concurrentExecutions) {
    public QueryMetrics {
        if (responseMillis < 0) {
            throw new IllegalArgumentException("responseMillis (" + responseMillis + ") must not be negative");
        }
        if (concurrentExecutions < 1) {
            throw new IllegalArgumentException("concurrentExecutions (" + concurrentExecutions
                    + ") must be at least 1");
        }
    }

    /** The entry for {@code summary.json}: every metric averaged over the executions that measured it. */
    public static QueryMetricsMean meanOf(List<QueryMetrics> all) {
        if (all.isEmpty()) {
            throw new IllegalArgumentException("executions must not be empty");
        }
        return new QueryMetricsMean(all.size(), mean(all, QueryMetrics::responseMillis),
                mean(all, QueryMetrics::processingMillis), mean(all, QueryMetrics::activeWorkers),
                mean(all, QueryMetrics::rsRatio), mean(all, QueryMetrics::rsJumps),
                mean(all, QueryMetrics::rsJumpsSampled), mean(all, QueryMetrics::workerCpuMillis),
                mean(all, QueryMetrics::totalCpuMillis), mean(all, QueryMetrics::cpuJumps),
                mean(all, QueryMetrics::coreChangesSampled), mean(all, QueryMetrics::contextSwitches),
                mean(all, QueryMetrics::runningSamples), mean(all, QueryMetrics::sleepingSamples),
                mean(all, QueryMetrics::runDelayMillis), mean(all, QueryMetrics::concurrentExecutions));
    }

    /** Mean over the executions that measured the metric; null when none did. */
    private static Double mean(List<QueryMetrics> all, Function<QueryMetrics, ? extends Number> metric) {
        double sum = 0;
        int n = 0;
        for (QueryMetrics m : all) {
            Number v = metric.apply(m);
            if (v != null) {
                sum += v.doubleValue();
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }
}
