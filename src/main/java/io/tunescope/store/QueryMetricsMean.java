package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code metrics} object of a query entry in {@code summary.json}: the study's nine metrics (plus the sampled
 * variants) averaged over the query's measured executions; a metric is null when no execution could measure it.
 * The monitor computes it ({@code QueryMetrics.meanOf}); it lives here because the run summary holds it and the
 * store may not depend on the monitor. {@code executions} is null only in files written before it was recorded.
 * {@code exact} holds the same metrics from the scheduler trace ({@code run --monitor --exact}); absent otherwise.
 */
@JsonPropertyOrder({"executions", "responseMillis", "processingMillis", "activeWorkers", "rsRatio", "rsJumps",
    "rsJumpsSampled", "workerCpuMillis", "totalCpuMillis", "cpuJumps", "coreChangesSampled", "contextSwitches",
    "runningSamples", "sleepingSamples", "runDelayMillis", "concurrentExecutions", "exact"})
public record QueryMetricsMean(Integer executions, Double responseMillis, Double processingMillis,
                               Double activeWorkers, Double rsRatio, Double rsJumps, Double rsJumpsSampled,
                               Double workerCpuMillis, Double totalCpuMillis, Double cpuJumps,
                               Double coreChangesSampled, Double contextSwitches, Double runningSamples,
                               Double sleepingSamples, Double runDelayMillis, Double concurrentExecutions,
                               @JsonInclude(JsonInclude.Include.NON_NULL) QueryMetricsMean exact) {
    /** Sampled metrics alone. */
    public QueryMetricsMean(Integer executions, Double responseMillis, Double processingMillis,
                            Double activeWorkers, Double rsRatio, Double rsJumps, Double rsJumpsSampled,
                            Double workerCpuMillis, Double totalCpuMillis, Double cpuJumps,
                            Double coreChangesSampled, Double contextSwitches, Double runningSamples,
                            Double sleepingSamples, Double runDelayMillis, Double concurrentExecutions) {
        this(executions, responseMillis, processingMillis, activeWorkers, rsRatio, rsJumps, rsJumpsSampled,
                workerCpuMillis, totalCpuMillis, cpuJumps, coreChangesSampled, contextSwitches, runningSamples,
                sleepingSamples, runDelayMillis, concurrentExecutions, null);
    }

    /** The same entry with the metrics from the scheduler trace beside the sampled ones. */
    public QueryMetricsMean withExact(QueryMetricsMean newExact) {
        return new QueryMetricsMean(executions, responseMillis, processingMillis, activeWorkers, rsRatio, rsJumps,
                rsJumpsSampled, workerCpuMillis, totalCpuMillis, cpuJumps, coreChangesSampled, contextSwitches,
                runningSamples, sleepingSamples, runDelayMillis, concurrentExecutions, newExact);
    }
}
