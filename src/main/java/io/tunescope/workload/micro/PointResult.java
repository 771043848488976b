package io.tunescope.workload.micro;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * One point of a curve as summary.json reports it: mean throughput over every measurement iteration of every fork,
 * its Student-t 95% interval ({@code runs}: the JVMs or rounds merged), the median, and latency percentiles of all operations measured.
 */
public record PointResult(String mode, int threads, double opsPerSec, double[] ci95, double medianOpsPerSec,
                          int iterations, int runs, LatencySummary latency, long errors, String firstError) {

    /** Combines the runs of one (mode, threads) point from one or more JVMs. */
    public static PointResult of(List<PointRun> runs) {
        PointRun first = runs.get(0);
        List<Double> all = new ArrayList<>();
        Histogram latency = new Histogram(3);
        long errors = 0;
        String firstError = null;
        for (PointRun run : runs) {
            all.addAll(run.iterationOpsPerSec());
            latency.add(run.histogram());
            errors += run.errors();
            firstError = firstError == null ? run.firstError() : firstError;
        }
        return new PointResult(first.mode().label(), first.threads(), Stats.mean(all), Stats.ci95(all),
                Stats.median(all), all.size(), runs.size(), LatencySummary.of(latency), errors, firstError);
    }
}
