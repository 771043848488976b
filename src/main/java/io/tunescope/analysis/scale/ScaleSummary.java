package io.tunescope.analysis.scale;

import io.tunescope.analysis.usl.UslResult;
import io.tunescope.store.RunEnvironment;
import io.tunescope.workload.micro.Timing;

import java.util.List;
import java.util.Map;

/** summary.json of a scale run; written after every point ({@code status} "running"), then once complete. */
public record ScaleSummary(String engine, String engineVersion, String url, String statement, List<String> modes,
                           List<Integer> threads, Timing timing, int forks, boolean contentionRequested, long seed,
                           String status, List<PointResult> points, List<PairedRatio> separateOverShared,
                           Map<String, UslResult> usl,
                           ContentionSummary contention, String verdict, List<String> warnings,
                           RunEnvironment environment) {
    public ScaleSummary {
        points = List.copyOf(points);
        separateOverShared = List.copyOf(separateOverShared);
        warnings = List.copyOf(warnings);
    }
}
