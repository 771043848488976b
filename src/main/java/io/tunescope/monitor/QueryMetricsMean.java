package io.tunescope.monitor;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;
import java.util.function.Function;

/**
 * The {@code metrics} object of a query entry in {@code summary.json}: the study's nine metrics (plus the sampled
 * variants) averaged over the query's measured executions; a metric is null when no execution could measure it.
 */
@JsonPropertyOrder({"executions", "responseMillis", "processingMillis", "activeWorkers", "rsRatio", "rsJumps",
    "rsJumpsSampled", "workerCpuMillis", "totalCpuMillis", "cpuJumps", "coreChangesSampled", "contextSwitches",
    "runningSamples", "sleepingSamples", "runDelayMillis", "concurrentExecutions"})
public record QueryMetricsMean(int executions, Double responseMillis, Double processingMillis, Double activeWorkers,
                               Double rsRatio, Double rsJumps, Double rsJumpsSampled, Double workerCpuMillis,
                               Double totalCpuMillis, Double cpuJumps, Double coreChangesSampled,
                               Double contextSwitches, Double runningSamples, Double sleepingSamples,
                               Double runDelayMillis, Double concurrentExecutions) {

    public static QueryMetricsMean of(List<QueryMetrics> all) {
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
    static Double mean(List<QueryMetrics> all, Function<QueryMetrics, ? extends Number> metric) {
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
