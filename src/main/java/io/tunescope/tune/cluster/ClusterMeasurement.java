package io.tunescope.tune.cluster;

import java.util.List;
import java.util.Map;

/**
 * What one measurement of a whole cluster gave: the total WIPS, each work line's WIPS, the nodes that failed during
 * it (to be excluded from the next trials) and, when nothing usable was measured, why ({@code error}, else null).
 */
public record ClusterMeasurement(double wips, Map<String, Double> wipsByLine, List<String> failedNodes,
                                 String error, long elapsedMillis) {
    public ClusterMeasurement {
        wipsByLine = wipsByLine == null ? Map.of() : Map.copyOf(wipsByLine);
        failedNodes = failedNodes == null ? List.of() : List.copyOf(failedNodes);
    }

    public static ClusterMeasurement ok(double wips, Map<String, Double> wipsByLine, List<String> failedNodes,
                                        long elapsedMillis) {
        return new ClusterMeasurement(wips, wipsByLine, failedNodes, null, elapsedMillis);
    }

    public static ClusterMeasurement failed(String error, List<String> failedNodes, long elapsedMillis) {
        return new ClusterMeasurement(0, Map.of(), failedNodes, error == null ? "failed" : error, elapsedMillis);
    }

    public boolean ok() {
        return error == null;
    }
}
