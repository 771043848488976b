package io.tunescope.analysis.scale;

import io.tunescope.analysis.Stats;
import io.tunescope.workload.micro.PointRun;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * One point of a curve as summary.json reports it: mean throughput over every measurement iteration of every fork,
 * its Student-t 95% interval (lower bound clamped at 0; {@code runs}: the JVMs or rounds merged, {@code jvmPids}:
 * the JVMs that measured them), the longest warm-up and whether the JIT was quiet after every one, the CPU cores
 * the JVM used and CPU per operation (medians over runs), the highest load average seen, the median, and latency
 * percentiles of all operations measured.
 */
public record PointResult(String mode, int threads, double opsPerSec, double[] ci95, double medianOpsPerSec,
                          int iterations, int runs, List<Long> jvmPids, long maxWarmupMillis, boolean jitQuiet,
                          double cpuCores, double cpuMicrosPerOp, double loadAverage, int latencySampleEvery, LatencySummary latency, long errors, String firstError) {

    /** Combines the runs of one (mode, threads) point from one or more JVMs. */
    public static PointResult of(List<PointRun> runs) {
        PointRun first = runs.get(0);
        List<Double> all = new ArrayList<>();
        List<Double> cores = new ArrayList<>();
        List<Double> cpuPerOp = new ArrayList<>();
        double load = 0;
        Histogram latency = new Histogram(3);
        long errors = 0;
        String firstError = null;
        for (PointRun run : runs) {
            all.addAll(run.iterationOpsPerSec());
            cores.addAll(run.iterationCpuCores());
            cpuPerOp.add(run.cpuNanosPerOp() / 1e3);
            load = Math.max(load, run.loadAverage());
            latency.add(run.histogram());
            errors += run.errors();
            firstError = firstError == null ? run.firstError() : firstError;
        }
        return new PointResult(first.mode().label(), first.threads(), Stats.mean(all), Stats.ci95(all),
                Stats.median(all), all.size(), runs.size(),
                runs.stream().map(PointRun::jvmPid).distinct().toList(),
                runs.stream().mapToLong(PointRun::warmupMillis).max().orElse(0),
                runs.stream().allMatch(PointRun::jitQuiet),
                Stats.mean(cores), Stats.median(cpuPerOp), load,
                runs.stream().mapToInt(PointRun::latencySampleEvery).max().orElse(1), LatencySummary.of(latency),
                errors, firstError);
    }
}
