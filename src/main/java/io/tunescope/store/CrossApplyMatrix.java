package io.tunescope.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A session tuned for several workloads, cross-applied ({@link TuningDir#matrix()}): each workload's best
 * configuration measured again on every workload, alternately with that workload's default configuration in fresh
 * runs. A cell says how the configuration tuned for {@code tunedFor} does on {@code measuredOn}: its mean objective
 * there with a Student-t 95% interval, and its improvement over the default on that workload in percent (positive
 * is better), the ratio of geometric means over the paired rounds with its interval. The diagonal is each
 * workload's own re-validation; off the diagonal is the price of deploying a configuration tuned for another workload.
 *
 * @param defaults the default configuration on each workload, by workload: mean objective, interval and values
 * @param configurations each workload's best configuration, by workload
 * @param sameConfigurationAs for each workload whose best configuration equals that of a workload listed before it,
 *                            the first such workload (absent when every best differs): their rows then measure one
 *                            configuration twice, and the workloads do not differ in what they want
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"workloads", "cells", "objective", "direction", "runs", "defaults", "configurations",
        "sameConfigurationAs"})
public record CrossApplyMatrix(List<String> workloads, List<Cell> cells, String objective, String direction, int runs,
                               Map<String, Revalidated.Side> defaults, Map<String, Map<String, Object>> configurations,
                               Map<String, String> sameConfigurationAs) {
    public CrossApplyMatrix {
        workloads = List.copyOf(workloads);
        cells = List.copyOf(cells);
        sameConfigurationAs = sameConfigurationAs == null || sameConfigurationAs.isEmpty() ? null
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sameConfigurationAs));
    }

    /** A matrix whose {@code sameConfigurationAs} is derived from {@code configurations}. */
    public CrossApplyMatrix(List<String> workloads, List<Cell> cells, String objective, String direction, int runs,
                            Map<String, Revalidated.Side> defaults, Map<String, Map<String, Object>> configurations) {
        this(workloads, cells, objective, direction, runs, defaults, configurations,
                sameConfigurations(workloads, configurations));
    }

    /**
     * For each workload whose configuration equals that of a workload before it in {@code workloads}, the first such
     * workload; the others are absent.
     */
    public static Map<String, String> sameConfigurations(List<String> workloads,
                                                         Map<String, Map<String, Object>> configurations) {
        Map<String, String> same = new java.util.LinkedHashMap<>();
        if (configurations == null) {
            return same;
        }
        for (int i = 0; i < workloads.size(); i++) {
            Map<String, Object> mine = configurations.get(workloads.get(i));
            for (int j = 0; j < i && mine != null; j++) {
                if (mine.equals(configurations.get(workloads.get(j)))) {
                    same.put(workloads.get(i), workloads.get(j));
                    break;
                }
            }
        }
        return same;
    }

    /**
     * One configuration on one workload; {@code objective} and {@code improvementPercent} are null when every run
     * failed ({@code failedRuns} counts the runs that measured nothing; they are left out, never counted).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"tunedFor", "measuredOn", "objective", "improvementPercent", "ci95", "improvementCi95",
            "values", "failedRuns"})
    public record Cell(String tunedFor, String measuredOn, Double objective, Double improvementPercent,
                       List<Double> ci95, List<Double> improvementCi95, List<Double> values, int failedRuns) {
    }

    /** The cell of {@code tunedFor} measured on {@code measuredOn}. */
    public Cell cell(String tunedFor, String measuredOn) {
        return cells.stream().filter(c -> c.tunedFor().equals(tunedFor) && c.measuredOn().equals(measuredOn))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no cell " + tunedFor + " on "
                        + measuredOn));
    }

    public void write(Path file) {
        Json.writeAtomically(file, this);
    }

    public static CrossApplyMatrix read(Path file) throws IOException {
        return JsonFiles.read(file, CrossApplyMatrix.class, "the cross-apply matrix of a tuning directory");
    }
}
