package io.tunescope.store;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * A results directory and the names of the files in it, so that the code writing a file and the code reading it
 * back cannot disagree on a name. A TPC-H run writes its summary, results database and one {@link TenantDir} per
 * tenant, plus a {@link MonitorDir} when monitored; a plan writes its own summary and plan beside one run directory
 * per cell; {@code report} adds its analysis files and page; the scale lab and {@code tune-bench} add their charts.
 * A tuning session's directory is a {@link TuningDir}.
 */
public record ResultsDir(Path root) {
    static final String SUMMARY = "summary.json";
    private static final String RUNS = "runs";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    public ResultsDir {
        Objects.requireNonNull(root, "root");
    }

    public static ResultsDir of(Path root) {
        return new ResultsDir(root);
    }

    /**
     * Creates the output directory {@code dir} (and its parents) or throws bad input saying why it cannot be one: a
     * file in the way, or a place this user may not write. The first one a JVM creates also receives the libraries'
     * warnings ({@link LibraryLog}).
     */
    public static Path createOutput(Path dir) {
        try {
            Path created = java.nio.file.Files.createDirectories(dir);
            LibraryLog.directTo(created);
            RunWarnings.opened(created);
            return created;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw io.tunescope.BadInputException.of("out", dir, "must be a directory, but " + e.getFile()
                    + " is a file");
        } catch (java.io.IOException e) {
            String why = e instanceof java.nio.file.AccessDeniedException ? "permission denied on " + e.getMessage()
                    : e instanceof java.nio.file.FileSystemException f && f.getReason() == null
                    ? "cannot create " + f.getFile() : e.getMessage();
            throw io.tunescope.BadInputException.of("out", dir, "must be a directory this user can create and "
                    + "write (" + why + ")");
        }
    }

    /** Where a command writes when given no directory: {@code runs/<prefix>-<yyyyMMdd-HHmmss>}. */
    public static Path timestamped(String prefix, LocalDateTime now) {
        return Path.of(RUNS, prefix + "-" + now.format(STAMP));
    }

    /** The summary every command writes ({@code run}, a plan, {@code monitor}, {@code scale}, {@code tune-bench}). */
    public Path summary() {
        return root.resolve(SUMMARY);
    }

    /**
     * Space a run holds on its disk while it measures and gives back just before writing its summary, so that a disk
     * that fills up mid-run still takes the summary of what was measured ({@link SpaceReserve}).
     */
    public Path spaceReserve() {
        return root.resolve(".tunescope-reserve");
    }

    /** The run's executions and statistics as a DuckDB file, for questions in SQL. */
    public Path resultsDatabase() {
        return root.resolve("results.duckdb");
    }

    public TenantDir tenant(String name) {
        return new TenantDir(root.resolve("tenants").resolve(name));
    }

    /** The thread monitor's recording of a run ({@code run --monitor}). */
    public MonitorDir monitor() {
        return new MonitorDir(root.resolve("monitor"));
    }

    /** The tuning session {@code demo} runs after its validated run: a {@link TuningDir} in {@code tune/}. */
    public TuningDir demoTuning() {
        return TuningDir.of(root.resolve("tune"));
    }

    /** The stderr of one process of the web shop's stack ({@code shop run}): {@code logs/<tier>.log}. */
    public Path tierLog(String tier) {
        return root.resolve("logs").resolve(tier + ".log");
    }

    /** The shop's caching proxy: its generated configuration, cache, temporary files and pid file. */
    public Path shopProxyDir() {
        return root.resolve("proxy");
    }

    /**
     * The directory of proxy node {@code node} of a stack with work lines: {@link #shopProxyDir()} for the one proxy
     * named {@code proxy}, else one directory per proxy ({@code proxies/proxy1/}, ...).
     */
    public Path shopProxyDir(String node) {
        return node.equals("proxy") ? shopProxyDir() : root.resolve("proxies").resolve(node);
    }

    /** The generated nginx.conf of proxy node {@code node}, in {@link #shopProxyDir(String)}. */
    public Path shopProxyConfig(String node) {
        return shopProxyDir(node).resolve("nginx.conf");
    }

    /** The proxy's generated nginx.conf, in {@link #shopProxyDir()}. */
    public Path shopProxyConfig() {
        return shopProxyDir().resolve("nginx.conf");
    }

    /** What {@code shop start} hands its supervisor: the stack's configuration as JSON. */
    public Path shopStackConfig() {
        return root.resolve("stack-config.json");
    }

    /**
     * The home of the shop's private database server ({@code postgres/} or {@code mariadb/}): its data, deleted when
     * the stack stops, and its configuration and error log.
     */
    public Path shopDatabase(String kind) {
        return root.resolve(kind);
    }

    /** Where a stack started by {@code shop start} says how to reach and stop it (removed by {@code shop stop}). */
    public Path shopStack() {
        return root.resolve("stack.json");
    }

    /** What {@code shop capacity} found: its levels, the USL fit and the saturated tier. */
    public Path shopCapacity() {
        return root.resolve("capacity.json");
    }

    /**
     * What {@code shop reconfigure} measured of its node moves ({@code reconfiguration.json}): cluster.json's
     * {@code reconfiguration} object, rewritten after every window so nothing measured is lost.
     */
    public Path reconfiguration() {
        return root.resolve("reconfiguration.json");
    }

    /** One level of {@code shop capacity}: a directory of its own ({@code levels/<browsers>-browsers}). */
    public ResultsDir capacityLevel(int browsers) {
        return new ResultsDir(root.resolve("levels").resolve(browsers + "-browsers"));
    }

    /** The chart of WIPS against browsers with the USL curve, without extension: it is written as PNG and SVG. */
    public Path capacityChart() {
        return root.resolve("capacity");
    }

    /** The resolved plan a plan directory was started with, compared on resume. */
    public Path plan() {
        return root.resolve("plan.json");
    }

    /** One cell of a plan: a run directory of its own. */
    public ResultsDir cell(String id) {
        return new ResultsDir(root.resolve("cells").resolve(id));
    }

    public Path profiles() {
        return root.resolve("profiles.json");
    }

    public Path groups() {
        return root.resolve("groups.json");
    }

    public Path comparisons() {
        return root.resolve("comparisons.json");
    }

    public Path groupChanges() {
        return root.resolve("group-changes.json");
    }

    public Path prediction() {
        return root.resolve("prediction.json");
    }

    /** Prediction across engines: this experiment's scenarios from another engine's and the reverse. */
    public Path crossEngine() {
        return root.resolve("cross-engine.json");
    }

    public Path reportPage() {
        return root.resolve("report.html");
    }

    /** The data of one of the report's charts, as CSV. */
    public Path chartData(String chart) {
        return root.resolve("report").resolve(chart + ".csv");
    }

    /** The scale lab's JFR recording of one plan mode at one thread count. */
    public Path contentionRecording(String mode, int threads) {
        return root.resolve("contention-" + mode + "-" + threads + "t.jfr");
    }

    /** The scale lab's throughput chart, without extension: it is written as PNG and SVG. */
    public Path throughputChart() {
        return root.resolve("throughput");
    }

    public Path throughputPng() {
        return root.resolve("throughput.png");
    }

    /** The scale lab's tables as text. */
    public Path scaleTables() {
        return root.resolve("report.txt");
    }

    /** One of {@code tune-bench}'s charts, without extension (written as PNG). */
    public Path benchChart(String name) {
        return root.resolve("bench-" + name);
    }
}
