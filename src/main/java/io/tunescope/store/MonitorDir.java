package io.tunescope.store;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A thread-monitor recording: the raw samples, plus what was computed from them. {@code tunescope monitor --out}
 * writes its samples and summary into the directory given; {@code run --monitor} uses {@link ResultsDir#monitor()}.
 */
public record MonitorDir(Path root) {
    public MonitorDir {
        Objects.requireNonNull(root, "root");
    }

    /** Every sample in the monitor's raw format. */
    public Path samples() {
        return root.resolve("samples.tsraw");
    }

    /** The summary of a {@code tunescope monitor} session. */
    public Path summary() {
        return root.resolve(ResultsDir.SUMMARY);
    }

    /** Per-thread totals of a monitored run. */
    public Path threadTotals() {
        return root.resolve("monitor.json");
    }

    /** One line per execution of a monitored run, with the resource metrics attributed to it. */
    public Path queryMetrics() {
        return root.resolve("query-metrics.csv");
    }

    /** The same lines as {@link #queryMetrics()}, with the metrics computed from the scheduler trace (exact mode). */
    public Path queryMetricsExact() {
        return root.resolve("query-metrics-exact.csv");
    }

    /** The sampling-error study of a run in exact mode: the trace resampled at several intervals, per execution. */
    public Path samplingError() {
        return root.resolve("sampling-error.csv");
    }

    /** Exact mode's check, per thread: on-CPU time from the trace against the kernel's schedstat totals. */
    public Path schedstatCheck() {
        return root.resolve("schedstat-check.csv");
    }

    /** The table of the sampling-error study: median and 90th-percentile relative errors per metric and interval. */
    public Path samplingErrorTable() {
        return root.resolve("sampling-error.json");
    }
}
