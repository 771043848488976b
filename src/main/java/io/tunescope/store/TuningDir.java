package io.tunescope.store;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A tuning session's directory: the journal of completed trials, the best configuration so far, the tuning file
 * it was started with (for {@code --resume}), each trial's standard error, and the final summary and chart; for a
 * session tuned for several workloads, one such directory per workload and the cross-apply matrix.
 */
public record TuningDir(Path root) {
    public TuningDir {
        Objects.requireNonNull(root, "root");
    }

    public static TuningDir of(Path root) {
        return new TuningDir(root);
    }

    /** One {@link JournalLine} per line. */
    public Path journal() {
        return root.resolve("journal.jsonl");
    }

    /** The {@link BestSoFar}, rewritten after every trial. */
    public Path best() {
        return root.resolve("best.json");
    }

    public Path summary() {
        return root.resolve(ResultsDir.SUMMARY);
    }

    /** Holds the absolute path of the tuning file, so that {@code --resume DIR} needs no other argument. */
    public Path tuningFileReference() {
        return root.resolve("tuning-file.txt");
    }

    public Path logs() {
        return root.resolve("logs");
    }

    public Path trialLog(int trial) {
        return logs().resolve("trial-" + trial + ".stderr");
    }

    /** The convergence chart, without extension (written as PNG). */
    public Path convergenceChart() {
        return root.resolve("convergence");
    }

    public Path convergencePng() {
        return root.resolve("convergence.png");
    }

    /** A session tuned for several workloads: each workload's own session directory. */
    public TuningDir workload(String name) {
        return new TuningDir(root.resolve("workloads").resolve(name));
    }

    /** The {@link CrossApplyMatrix} of a session tuned for several workloads. */
    public Path matrix() {
        return root.resolve("matrix.json");
    }

    /** The cross-apply chart, without extension (written as PNG). */
    public Path matrixChart() {
        return root.resolve("matrix");
    }

    public Path matrixPng() {
        return root.resolve("matrix.png");
    }

    /** cluster.json: the comparison of cluster tuning modes ({@link ClusterResult}). */
    public Path cluster() {
        return root.resolve("cluster.json");
    }

    /** The WIPS-per-trial chart of the cluster modes, without extension (written as PNG). */
    public Path clusterChart() {
        return root.resolve("cluster-wips");
    }

    public Path clusterPng() {
        return root.resolve("cluster-wips.png");
    }

    /** A cluster tuning mode's directory: one journal directory per tuner under it, and its logs. */
    public TuningDir clusterMode(String mode) {
        return new TuningDir(root.resolve(mode));
    }

    /** One tuner of a cluster mode (all, a tier or a work line): a journal directory of its own. */
    public TuningDir clusterTuner(String mode, String tuner) {
        return new TuningDir(root.resolve(mode).resolve("tuners").resolve(tuner));
    }
}
