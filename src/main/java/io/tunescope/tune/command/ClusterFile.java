package io.tunescope.tune.command;

import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ModeRun;
import io.tunescope.tune.cluster.SimCalibration;
import io.tunescope.tune.cluster.TuningMode;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A tuning file with a {@code cluster:} section (issue 13): the tuning modes to compare on one cluster, the trials,
 * strategy and seed each mode gets, the layout (work lines and nodes per tier), which bench measures it, the
 * simulation's settings, and nodes to fail on purpose ({@code failures}: node to the trial of each mode it dies in).
 */
public record ClusterFile(Path source, List<TuningMode> modes, ModeRun.Settings settings, ClusterLayout layout,
                          Bench bench, Simulation simulation, Map<String, Integer> failures,
                          Partitioning partitioning) {
    /** What measures the cluster: a simulation now; the shop's stack once its cluster bench is wired in. */
    public enum Bench {
        SIMULATED, SHOP;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The simulated bench's settings. */
    public record Simulation(int browsers, double thinkMillis, double noisePercent, SimCalibration calibration) {
    }

    /**
     * How the partitioning mode runs its line tuners: in this process (the default), or one {@code tunescope tune}
     * process per work line on a PostgreSQL study store ({@code partitioning: processes}; {@code study}: a private
     * instance, {@code postgres}, or a JDBC URL whose password comes from $TUNESCOPE_STUDY_PASSWORD), each round
     * waiting at most {@code roundTimeout} for a line.
     */
    public record Partitioning(boolean processes, String study, java.time.Duration roundTimeout) {
        public static final Partitioning IN_PROCESS = new Partitioning(false, null, null);
    }

    public ClusterFile {
        modes = List.copyOf(modes);
        failures = Map.copyOf(failures);
        partitioning = partitioning == null ? Partitioning.IN_PROCESS : partitioning;
    }

    /** A file whose partitioning runs in-process. */
    public ClusterFile(Path source, List<TuningMode> modes, ModeRun.Settings settings, ClusterLayout layout,
                       Bench bench, Simulation simulation, Map<String, Integer> failures) {
        this(source, modes, settings, layout, bench, simulation, failures, Partitioning.IN_PROCESS);
    }

    /** This file with another trial count, strategy and seed (each null: unchanged). */
    public ClusterFile withSearch(Integer trials, String strategy, Long seed) {
        return new ClusterFile(source, modes, new ModeRun.Settings(trials != null ? trials : settings.trials(),
                strategy != null ? strategy : settings.strategy(), seed != null ? seed : settings.seed()), layout,
                bench, simulation, failures, partitioning);
    }
}
