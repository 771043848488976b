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

    /** The command line's overrides of the file's budget, strategy and seed, which {@code --resume DIR} keeps. */
    public Path searchOverrides() {
        return root.resolve("tuning-overrides.json");
    }

    /**
     * Where the trials are when they are not in {@link #journal()}: a PostgreSQL study store's URL (never a password),
     * user and study name, so that {@code --resume DIR} finds them.
     */
    public Path studyReference() {
        return root.resolve("study.json");
    }

    /**
     * With a study store: its header and completed trials as journal lines, copied at the end of the session so that
     * the directory holds what was measured and {@code report} reads it as it reads {@link #journal()}.
     */
    public Path studySnapshot() {
        return root.resolve("study-trials.jsonl");
    }

    /** The journal if there is one, else the study snapshot (which may be absent too). */
    public Path trialLines() {
        return java.nio.file.Files.isRegularFile(journal()) ? journal() : studySnapshot();
    }

    /** The private PostgreSQL instance of {@code tune --study postgres} (its data and log). */
    public Path privateStudyServer() {
        return root.resolve("study-postgres");
    }

    /**
     * The base directory of the private PostgreSQL a session with {@code target.server: persistent} runs for all its
     * trials (its data directory and {@code postgres.log}); a resumed session replaces its data.
     */
    public Path liveServer() {
        return root.resolve("live-postgres");
    }

    /** The output directory of the tuner process of one work line started by a controller in this directory. */
    public TuningDir lineTuner(String line) {
        return new TuningDir(root.resolve("lines").resolve(line));
    }

    /** What that tuner process is told (its tuning file, output directory and study), as JSON. */
    public Path lineTunerSpec(String line) {
        return root.resolve("lines").resolve(line + ".spec.json");
    }

    /** That tuner's standard output and error. */
    public Path lineTunerLog(String line) {
        return root.resolve("lines").resolve(line + ".log");
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

    /** The shop's stack of one cluster mode ({@code D/<mode>/stack}: its database, nodes' logs, each trial's run). */
    public Path clusterStack(String mode) {
        return root.resolve(mode).resolve("stack");
    }

    /** The online reconfiguration run after a cluster's modes ({@code D/reconfiguration}: a shop reconfigure's files). */
    public Path clusterReconfiguration() {
        return root.resolve("reconfiguration");
    }

    /** One tuner of a cluster mode (all, a tier or a work line): a journal directory of its own. */
    public TuningDir clusterTuner(String mode, String tuner) {
        return new TuningDir(root.resolve(mode).resolve("tuners").resolve(tuner));
    }
}
