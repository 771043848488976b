package io.tunescope.cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The values users mistype, for every command: each gives exit 3 (2 for a usage error) and, as the first line on
 * stderr, the exact message naming the field, the value and the rule; never a stack trace. In the arguments and the
 * messages {@code {t}} is a scratch directory (holding {@code empty.yaml}, {@code bad.yaml}, {@code empty.csv},
 * {@code bad.csv}, {@code good.csv}, the file {@code afile} and run directories with an empty and a truncated
 * summary.json) and {@code {port}} a port something already listens on.
 */
@Timeout(120)
class BadInputSweepTest {
    private static final Pattern STACK_TRACE = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(|Caused by:|Exception:");
    private static final String DOWN_URL = "jdbc:postgresql://127.0.0.1:1/x";
    private static final String REFUSED = "Connection to 127.0.0.1:1 refused. Check that the hostname and port are "
            + "correct and that the postmaster is accepting TCP/IP connections.";
    @TempDir
    static Path t;
    private static ServerSocket taken;
    /** Takes connections (the kernel completes them) but never answers: a URL that does not answer. */
    private static ServerSocket silent;
    private static final String H2_DB = "jdbc:h2:file:{t}/h2/db";
    private static final String H2_WRONG = "Wrong user name or password [28000-252]";

    @BeforeAll
    static void files() throws IOException {
        Files.writeString(t.resolve("empty.yaml"), "");
        Files.writeString(t.resolve("bad.yaml"), "plan: x\n  factors: [\n");
        Files.writeString(t.resolve("noquick.yaml"), "base: {engine: duckdb, iterations: 1}\nfactors: {users: [1, 2]}\n");
        Files.writeString(t.resolve("badquick.yaml"), "base: {engine: duckdb, iterations: 1}\nfactors: {users: [1, 2]}\n"
                + "quick: {factors: {users: [3]}}\n");
        Files.writeString(t.resolve("empty.csv"), "");
        Files.writeString(t.resolve("bad.csv"), "threads,throughput\n1,abc\n");
        Files.writeString(t.resolve("good.csv"), "threads,throughput\n1,10\n2,19\n4,35\n8,60\n16,90\n32,110\n");
        Files.writeString(t.resolve("afile"), "x");
        Files.writeString(t.resolve("cmd.yaml"), "command: [\"true\"]\nobjective: {source: time}\n"
                + "parameters: [{name: a, type: bool}]\n");
        String cmd = "command: [\"true\"]\nobjective: {source: time}\nparameters: [{name: a, type: bool}]\n";
        Files.writeString(t.resolve("proto-slices.yaml"), cmd + "protocol: {maxSlices: lots}\n");
        Files.writeString(t.resolve("proto-runs.yaml"), cmd + "protocol:\n  revalidateRuns: 1\n");
        Files.writeString(t.resolve("proto-cap.yaml"), cmd + "protocol:\n  measurementsPerTrial: 5000\n");
        Files.writeString(t.resolve("proto-cap-auto.yaml"), cmd + "protocol:\n  measurementsPerTrial: auto\n");
        Files.writeString(t.resolve("one-workload.yaml"), "target: {engine: duckdb}\nparameters: [{name: threads}]\n"
                + "workloads: [{workload: sequence}]\n");
        Files.writeString(t.resolve("shop-range.yaml"), "target: {engine: shop}\n"
                + "parameters: [{name: app_pool_size, max: 5000}]\n");
        Files.writeString(t.resolve("shop-key.yaml"), "target: {engine: shop, users: 3}\n"
                + "parameters: [{name: app_pool_size}]\n");
        Files.writeString(t.resolve("shop-stack.yaml"), "target: {engine: shop, stack: sometimes}\n"
                + "parameters: [{name: app_pool_size}]\n");
        Files.writeString(t.resolve("shop-live-mariadb.yaml"), "target: {engine: shop, database: mariadb, "
                + "stack: persistent}\nparameters: [{name: sort_buffer_size}]\n");
        Files.writeString(t.resolve("shop-knob.yaml"), "target: {engine: shop}\nparameters: [{name: work_mem}]\n");
        Files.writeString(t.resolve("shop-items.yaml"), "target: {engine: shop, items: 5}\n"
                + "parameters: [{name: app_pool_size}]\n");
        Files.writeString(t.resolve("shop-objective.yaml"), "target: {engine: shop, objective: p90:nosuch}\n"
                + "parameters: [{name: app_pool_size}]\n");
        String layout = "  layout: {lines: 2, nodesPerTier: {proxy: 2, app: 2}}\n";
        Files.writeString(t.resolve("cluster-mode.yaml"), "cluster:\n  modes: [default, fastest]\n" + layout);
        Files.writeString(t.resolve("cluster-lines.yaml"), "cluster:\n  layout: {lines: 3, nodesPerTier: "
                + "{proxy: 3, app: 2}}\n");
        Files.writeString(t.resolve("cluster-tier.yaml"), "cluster:\n  layout: {lines: 1, nodesPerTier: {app: 2, "
                + "db: 1}}\n");
        Files.writeString(t.resolve("cluster-fail.yaml"), "cluster:\n" + layout + "  failures: {app9: 3}\n");
        Files.writeString(t.resolve("cluster-key.yaml"), "cluster:\n" + layout + "  trials: 5\n");
        Files.writeString(t.resolve("cluster-beside.yaml"), "budget: 3\ncluster:\n" + layout);
        Files.writeString(t.resolve("cluster-trials.yaml"), "cluster:\n" + layout + "  trialsPerMode: 0\n");
        Files.writeString(t.resolve("cluster-shop.yaml"), "cluster:\n  bench: shop\n  layout: {lines: 2, "
                + "nodesPerTier: {proxy: 2, app: 3}}\n");
        Files.writeString(t.resolve("cluster-shop-key.yaml"), "cluster:\n  bench: shop\n" + layout
                + "  shop: {appNodes: 2}\n");
        Files.writeString(t.resolve("cluster-reconf.yaml"), "cluster:\n  bench: shop\n" + layout
                + "  reconfiguration: {appNodes: 2, browseNodes: 2}\n");
        Files.writeString(t.resolve("cluster-reconf-sim.yaml"), "cluster:\n  reconfiguration: {appNodes: 3}\n"
                + layout);
        Files.writeString(t.resolve("cluster-part.yaml"), "cluster:\n" + layout + "  partitioning: threads\n");
        Files.writeString(t.resolve("cluster-study.yaml"), "cluster:\n" + layout + "  partitioning: processes\n"
                + "  study: mysql://127.0.0.1/x\n");
        Files.writeString(t.resolve("cluster-studyonly.yaml"), "cluster:\n" + layout + "  study: postgres\n");
        Files.writeString(t.resolve("cluster-round.yaml"), "cluster:\n" + layout + "  partitioning: processes\n"
                + "  roundTimeoutSeconds: 0\n");
        Files.writeString(t.resolve("line-key.yaml"), "clusterLine: {clusterFile: cluster-mode.yaml, foo: 1}\n");
        Files.writeString(t.resolve("wl-weight.yaml"), "transactions:\n  get:\n    weight: 0\n    sql: SELECT 1\n");
        Files.writeString(t.resolve("wl-param.yaml"), "transactions:\n  get:\n    sql: SELECT :k\n");
        Files.writeString(t.resolve("wl-phases.yaml"), "transactions:\n  get: {sql: SELECT 1}\nphases: []\n");
        Files.writeString(t.resolve("wl-rate.yaml"), "transactions:\n  get: {sql: SELECT 1}\nphases:\n"
                + "  - {duration: 1s, rate: -5}\n");
        Files.writeString(t.resolve("wl-csv.yaml"), "transactions:\n  get:\n    sql: SELECT :k\n    parameters:\n"
                + "      k: {csv: {file: nosuch.csv, column: k}}\n");
        Files.writeString(t.resolve("wl-ok.yaml"), "transactions:\n  get: {sql: SELECT 1}\nphases:\n"
                + "  - {duration: 1s, users: 4}\n");
        Files.createDirectories(t.resolve("emptysum"));
        Files.writeString(t.resolve("emptysum/summary.json"), "");
        Files.createDirectories(t.resolve("cut"));
        Files.writeString(t.resolve("cut/summary.json"), "{\n \"complete\": tru");
        Files.createDirectories(t.resolve("nosum"));
        taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        // a database whose user sa has a password: every case below connects without it or with a wrong one
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(fill(H2_DB), "sa", "right-one")) {
            c.createStatement().execute("CREATE TABLE t (x INT)");
        } catch (java.sql.SQLException e) {
            throw new IOException(e);
        }
    }

    @AfterAll
    static void release() throws IOException {
        taken.close();
        silent.close();
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                // run (and demo, which shares its output handling)
                c(3, "users (0) must be between 1 and 1024", "run", "--users", "0", "--out", "{t}/o"),
                c(3, "users (-1) must be between 1 and 1024", "run", "--users", "-1", "--out", "{t}/o"),
                c(2, "Invalid value for option '--users': '99999999999' is not an int", "run", "--users",
                        "99999999999", "--out", "{t}/o"),
                c(3, "tenants (0) must be between 1 and 64", "run", "--tenants", "0", "--out", "{t}/o"),
                c(3, "users (5000) must be between 1 and 1024", "run", "--users", "5000", "--out", "{t}/o"),
                c(3, "tenants (100) must be between 1 and 64", "run", "--tenants", "100", "--out", "{t}/o"),
                c(3, "duration/iterations (none/0) give exactly one: --duration (positive) or --iterations (at least 1)",
                        "run", "--iterations", "0", "--out", "{t}/o"),
                c(3, "--wait: duration (-1s) must not be negative", "run", "--wait", "-1s", "--out", "{t}/o"),
                c(3, "engine (nosuch) must be one of [duckdb, h2, jdbc, mariadb, postgres]", "run", "--engine", "nosuch"),
                c(3, "engine (sqlite) cannot run TPC-C: it lets one connection at a time write, and TPC-C's terminals "
                        + "write concurrently", "run", "--engine",
                        "jdbc", "--url", "jdbc:sqlite:{t}/x.db", "--workload", "tpcc", "--out", "{t}/o"),
                c(3, "workload (single:Q6) cannot run on engine h2, which runs --workload tpcc only", "run",
                        "--engine", "h2", "--workload", "single:Q6", "--out", "{t}/o"),
                c(3, "rate (50.0) does not combine with tpcc:think, whose terminals are closed users that key and "
                        + "think", "run", "--workload", "tpcc:think", "--rate", "50", "--out", "{t}/o"),
                c(3, "--duration: duration (10x) must be a duration such as 8ms or 5s", "run", "--duration", "10x"),
                c(3, "--duration: duration (-5s) must not be negative", "run", "--duration", "-5s"),
                c(3, "scale factor (0.0) must be between 0.01 and 10.0", "run", "--sf", "0", "--out", "{t}/o"),
                c(3, "query (Q99) must be Q1 to Q22", "run", "--workload", "single:Q99", "--out", "{t}/o"),
                c(3, "interval (0ms) must be positive and below 30 years", "run", "--monitor", "--interval", "0ms",
                        "--out", "{t}/o"),
                c(3, "metrics-port (70000) must be between 0 and 65535", "run", "--monitor", "--metrics-port",
                        "70000", "--out", "{t}/o"),
                c(3, "metrics-port ({port}) must be a free port on 127.0.0.1", "run", "--monitor", "--metrics-port",
                        "{port}", "--out", "{t}/o"),
                c(3, "metrics-port (9400) needs --monitor (the metrics come from it)", "run", "--metrics-port",
                        "9400", "--out", "{t}/o"),
                c(3, "exact (true) needs --monitor (exact mode traces beside the samples)", "run", "--exact",
                        "--out", "{t}/o"),
                c(3, "plan ({t}/missing.yaml) does not exist", "run", "{t}/missing.yaml"),
                c(3, "{t}/empty.yaml:1: base (missing) is required (engine, scaleFactor, iterations or duration, ...)",
                        "run", "{t}/empty.yaml"),
                c(3, "{t}/bad.yaml:2: not valid YAML: mapping values are not allowed here", "run", "{t}/bad.yaml"),
                c(3, "--quick ({t}/noquick.yaml) needs a 'quick:' section in the plan (factors with fewer levels, "
                        + "repetitions, duration, cells)", "run", "--quick", "{t}/noquick.yaml"),
                c(3, "{t}/badquick.yaml:3: quick.factors.users[0] (3) is not a level of the full plan [1, 2]", "run",
                        "--quick", "{t}/badquick.yaml"),
                c(3, "tenant t1: cannot connect to " + DOWN_URL + ": " + REFUSED, "run", "--engine", "jdbc", "--url",
                        DOWN_URL, "--out", "{t}/down"),
                // wrong credentials (no password, then HOME's value as the password) and a URL that does not answer
                c(3, "tenant t1: cannot connect to " + H2_DB + ": " + H2_WRONG, "run", "--engine", "jdbc", "--url",
                        H2_DB, "--db-user", "sa", "--out", "{t}/cred"),
                c(3, "tenant t1: cannot connect to " + H2_DB + ": " + H2_WRONG, "run", "--engine", "jdbc", "--url",
                        H2_DB, "--db-user", "sa", "--password-env", "HOME", "--out", "{t}/cred2"),
                c(3, "tenant t1: cannot connect to jdbc:postgresql://127.0.0.1:{silent}/x: The connection attempt "
                        + "failed. (no answer: Read timed out)", "run", "--engine", "jdbc", "--url",
                        "jdbc:postgresql://127.0.0.1:{silent}/x", "--out", "{t}/silent"),
                c(3, "duration (0s) must be positive", "run", "--duration", "0s", "--out", "{t}/o"),
                c(3, "latency-limit (10ms) applies to workloads of named transactions (pgbench:..., tpcc, file:...), "
                        + "not to TPC-H", "run", "--latency-limit", "10ms", "--out", "{t}/o"),
                c(3, "latency-limit (0s) must be positive", "run", "--workload", "pgbench:select-only",
                        "--latency-limit", "0s", "--out", "{t}/o"),
                // workload files: read and checked before any tenant starts
                c(3, "workload file ({t}/nosuch.yaml) does not exist or is not a file", "run", "--workload",
                        "file:{t}/nosuch.yaml", "--out", "{t}/o"),
                c(3, "workload (file:) names no workload file", "run", "--workload", "file:", "--out", "{t}/o"),
                c(3, "{t}/wl-weight.yaml:3: transactions.get.weight (0.0) must be a number above 0", "run",
                        "--workload", "file:{t}/wl-weight.yaml", "--out", "{t}/o"),
                c(3, "{t}/wl-phases.yaml:3: phases ([]) must list at least one phase (or leave phases out)", "run",
                        "--workload", "file:{t}/wl-phases.yaml", "--out", "{t}/o"),
                c(3, "{t}/wl-rate.yaml:4: phases[0].rate (-5.0) must be a number above 0", "run", "--workload",
                        "file:{t}/wl-rate.yaml", "--out", "{t}/o"),
                c(3, "phases[0].users (4) must be at most --users (1), the connections each tenant opens", "run",
                        "--workload", "file:{t}/wl-ok.yaml", "--out", "{t}/o"),
                c(3, "iterations (5) cannot be given with the phases of file:{t}/wl-ok.yaml (they last 1s in all)",
                        "run", "--workload", "file:{t}/wl-ok.yaml", "--users", "4", "--iterations", "5", "--out",
                        "{t}/o"),
                c(3, "phases (10s:0) must give users or a rate above 0", "run", "--workload", "pgbench:select-only",
                        "--phases", "10s:0", "--out", "{t}/o"),
                c(3, "phases (10s) must be DURATION:USERS or DURATION:RATE/s, optionally :warmup, separated by "
                        + "commas (e.g. 10s:2:warmup,30s:8,30s:200/s)", "run", "--workload", "tpcc", "--phases",
                        "10s", "--out", "{t}/o"),
                c(3, "phases (10s:2) apply to workloads of named transactions (pgbench:..., tpcc, file:...), not to "
                        + "TPC-H queries", "run", "--phases", "10s:2", "--out", "{t}/o"),
                c(3, "out ({t}/afile) must be a directory, but {t}/afile is a file", "run", "--out", "{t}/afile"),
                c(3, "out (/proc/tunescope/x) is under /proc, which holds the kernel's files or devices, not "
                        + "results", "run", "--out", "/proc/tunescope/x"),
                c(3, "out ({t}/afile) must be a directory, but {t}/afile is a file", "demo", "--out", "{t}/afile"),
                c(2, "Unknown options: '--users', '2'", "demo", "--users", "2"),
                c(3, "--tune-trials (1) must be at least 2 (the default configuration and one other)", "demo",
                        "--tune-trials", "1", "--out", "{t}/o"),
                c(2, "Invalid value for option '--tune-trials': 'six' is not an int", "demo", "--tune-trials", "six"),
                c(3, "--tune-trials (-1) must be at least 2 (the default configuration and one other)", "demo",
                        "--tune-trials", "-1", "--out", "{t}/o"),
                c(3, "--tune-trials (100000) must be at most 200", "demo", "--tune-trials", "100000", "--out", "{t}/o"),
                // monitor
                c(3, "pid (0) must be at least 1", "monitor", "--pid", "0"),
                c(3, "pid (999999999) must name at least one running, readable process", "monitor", "--pid",
                        "999999999"),
                c(3, "duration (0s) must be positive", "monitor", "--pid", "1", "--duration", "0s"),
                c(3, "--duration: duration (xyz) must be a duration such as 8ms or 5s", "monitor", "--pid", "1",
                        "--duration", "xyz"),
                c(3, "interval (20000ms) must be between 1ms and 10s", "monitor", "--pid", "1", "--interval", "20s"),
                c(3, "engine (nosuch) must be one of [duckdb, generic, mariadb, postgres]", "monitor", "--pid", "1",
                        "--engine", "nosuch"),
                c(3, "metrics-port (70000) must be between 0 and 65535", "monitor", "--pid", "1", "--metrics-port",
                        "70000"),
                c(3, "metrics-port ({port}) must be a free port on 127.0.0.1", "monitor", "--pid", "1",
                        "--duration", "100ms", "--metrics-port", "{port}"),
                c(3, "counters-every (0) must be between 1 and 1000", "monitor", "--pid", "1", "--counters-every",
                        "0"),
                c(3, "rescan-every (0) must be between 1 and 1000", "monitor", "--pid", "1", "--rescan-every", "0"),
                c(3, "sampler (fast) must be full or gated", "monitor", "--pid", "1", "--sampler", "fast"),
                c(3, "sampler (fast) must be full or gated", "run", "--monitor", "--sampler", "fast", "--out", "{t}/o"),
                c(3, "out ({t}/afile) must be a directory, but {t}/afile is a file", "monitor", "--pid", "1",
                        "--duration", "100ms", "--out", "{t}/afile"),
                c(2, "Missing required option: '--pid=PID'", "monitor"),
                // report
                c(3, "DIR ({t}/missing) has no summary.json: give a directory written by tunescope run", "report",
                        "{t}/missing"),
                c(3, "DIR ({t}/nosum) has no summary.json: give a directory written by tunescope run", "report",
                        "{t}/nosum"),
                c(3, "summary ({t}/emptysum/summary.json) is not readable JSON: line 1, column 0: empty", "report",
                        "{t}/emptysum"),
                c(3, "summary ({t}/cut/summary.json) is not readable JSON: line 2, column 14: not JSON (a value is "
                        + "missing or malformed)", "report", "{t}/cut"),
                c(3, "--cross-engine ({t}/nosum) must be an experiment directory (with summary.json) from tunescope "
                        + "run PLAN.yaml --out DIR", "report", "{t}/missing", "--cross-engine", "{t}/nosum"),
                // scale
                c(3, "threads (0) must be between 1 and 4096", "scale", "--threads", "0", "--out", "{t}/s"),
                c(3, "threads (-1) must be between 1 and 4096", "scale", "--threads", "-1", "--out", "{t}/s"),
                c(3, "threads (5000) must be between 1 and 4096", "scale", "--threads", "5000", "--out", "{t}/s"),
                c(3, "seconds (0.0) must be a number at least 0.01", "scale", "--seconds", "0", "--engine", "h2",
                        "--out", "{t}/s"),
                c(3, "forks (-1) must be at least 0", "scale", "--forks", "-1", "--engine", "h2", "--out", "{t}/s"),
                c(3, "seconds (1.0E20) must be at most 3600 (an hour a point)", "scale", "--seconds", "1e20",
                        "--engine", "h2", "--out", "{t}/s"),
                c(3, "engine (nosuch) must be one of [derby, duckdb, h2, hsqldb, jdbc, postgres, sqlite]", "scale",
                        "--engine", "nosuch", "--out", "{t}/s"),
                c(3, "mode (nosuch) must be one of shared, separate, unprepared", "scale", "--engine", "h2",
                        "--modes", "nosuch", "--out", "{t}/s"),
                c(3, "url (" + DOWN_URL + ") cannot be opened: " + REFUSED, "scale", "--engine", "jdbc", "--url",
                        DOWN_URL, "--out", "{t}/s"),
                c(3, "url (" + H2_DB + ") cannot be opened: " + H2_WRONG, "scale", "--engine", "jdbc", "--url",
                        H2_DB, "--out", "{t}/s"),
                c(3, "out ({t}/afile) must be a directory, but {t}/afile is a file", "scale", "--engine", "h2",
                        "--out", "{t}/afile"),
                // knobs
                c(3, "engine (nosuch) must be one of [derby, duckdb, h2, mariadb, postgres]", "knobs", "--engine",
                        "nosuch"),
                c(3, "engine (jdbc) must be one of [derby, duckdb, h2, mariadb, postgres]; jdbc cannot be tuned (it"
                        + " has no knob catalog) yet", "knobs", "--engine", "jdbc"),
                c(2, "Missing required option: '--engine=ENGINE'", "knobs"),
                // shop
                c(3, "mix (nosuch) must be one of browsing, shopping, ordering", "shop", "run", "--mix", "nosuch",
                        "--out", "{t}/sh"),
                c(3, "browsers (0) must be at least 1", "shop", "run", "--browsers", "0", "--out", "{t}/sh"),
                c(3, "duration (0s) must be positive", "shop", "run", "--duration", "0s", "--out", "{t}/sh"),
                c(3, "think-scale (-1.0) must be above 0 and at most 10", "shop", "run", "--think-scale", "-1",
                        "--out", "{t}/sh"),
                c(3, "database (nosuch) must be one of h2, mariadb, postgres", "shop", "run", "--database", "nosuch",
                        "--out", "{t}/sh"),
                c(3, "arrival-rate (-2.0) must be from 0 (closed load) to 100000", "shop", "run", "--arrival-rate",
                        "-2", "--out", "{t}/sh"),
                c(3, "browsers () must list at least one load level, e.g. 10,20,40,80,160", "shop", "capacity",
                        "--browsers", "", "--out", "{t}/cap"),
                c(3, "browsers ([10, 0, 20]) must be levels of at least 1 browser each", "shop", "capacity",
                        "--browsers", "10,0,20", "--out", "{t}/cap"),
                c(3, "browsers ([-5]) must be levels of at least 1 browser each", "shop", "capacity",
                        "--browsers", "-5", "--out", "{t}/cap"),
                c(3, "browsers ([20, 10]) must be strictly increasing (sorted, no duplicates)", "shop", "capacity",
                        "--browsers", "20,10", "--out", "{t}/cap"),
                c(3, "browsers ([10, 10, 20]) must be strictly increasing (sorted, no duplicates)", "shop",
                        "capacity", "--browsers", "10,10,20", "--out", "{t}/cap"),
                c(3, "browsers (10,,20) must be whole numbers separated by commas, e.g. 10,20,40,80,160", "shop",
                        "capacity", "--browsers", "10,,20", "--out", "{t}/cap"),
                c(3, "think-scale (0.0) must be above 0 and at most 10", "shop", "capacity", "--think-scale", "0",
                        "--out", "{t}/cap"),
                c(3, "duration (0s) must be positive", "shop", "capacity", "--duration", "0s", "--out",
                        "{t}/cap"),
                c(3, "database (nosuch) must be one of h2, mariadb, postgres", "shop", "capacity", "--database", "nosuch",
                        "--out", "{t}/cap"),
                c(3, "items (5000) must be one of 1000, 10000, 100000, 1000000 (TPC-W sizes)", "shop", "capacity",
                        "--items", "5000", "--out", "{t}/cap"),
                c(3, "app-nodes (0) must be from 1 to 16", "shop", "run", "--app-nodes", "0", "--out", "{t}/sh"),
                c(3, "proxy-bin (/nonexistent/squid) does not exist: give squid's executable (apt-get install squid)", "shop", "run",
                        "--proxy", "squid", "--proxy-bin", "/nonexistent/squid", "--database", "h2", "--out", "{t}/sh"),
                c(3, "proxy (none) cannot be none with 2 app-nodes: the proxy is what balances over them", "shop",
                        "run", "--proxy", "none", "--app-nodes", "2", "--out", "{t}/sh"),
                c(3, "proxy-cache-size (-1) must be from 0 (no cache) to 65536 MiB", "shop", "run",
                        "--proxy-cache-size", "-1", "--out", "{t}/sh"),
                c(3, "proxy-port (70000) must be from 1 to 65535, or 0 for a free port", "shop", "start",
                        "--proxy-port", "70000", "--out", "{t}/sh"),
                c(3, "app-cache-entries (-1) must be from 0 (no cache) to 1000000", "shop", "start",
                        "--app-cache-entries", "-1", "--out", "{t}/sh"),
                c(3, "lines (0) must be from 1 to 8", "shop", "run", "--lines", "0", "--out", "{t}/sh"),
                c(3, "lines (9) must be from 1 to 8", "shop", "start", "--lines", "9", "--out", "{t}/sh"),
                c(3, "lines (4) times app-nodes (5) must be at most 16 application nodes in all", "shop", "run",
                        "--lines", "4", "--app-nodes", "5", "--out", "{t}/sh"),
                c(3, "proxy-port (8080) must be 0 (free ports) with 2 lines: each line has its own proxy", "shop",
                        "start", "--lines", "2", "--proxy-port", "8080", "--out", "{t}/sh"),
                c(3, "browsers (2) must be at least one per work line (lines: 3)", "shop", "run", "--lines", "3",
                        "--browsers", "2", "--out", "{t}/sh"),
                c(3, "proxy (none) cannot be none with 2 app-nodes: the proxy is what balances over them", "shop",
                        "capacity", "--lines", "2", "--proxy", "none", "--app-nodes", "2", "--out", "{t}/cap"),
                c(3, "tier (nosuch) must be one of proxy, app, db, all", "shop", "knobs", "--tier", "nosuch"),
                c(3, "database (nosuch) must be one of h2, mariadb, postgres", "shop", "knobs", "--tier", "db",
                        "--database", "nosuch"),
                c(3, "mix-change (buying@10s) must start with one of browsing, shopping, ordering", "shop", "run",
                        "--mix-change", "buying@10s", "--out", "{t}/sh"),
                c(3, "mix-change (ordering) must be MIX@TIME, e.g. ordering@60s", "shop", "run", "--mix-change",
                        "ordering", "--out", "{t}/sh"),
                c(3, "mix-change (ordering@90s) must fall inside the measurement interval (60s)", "shop", "run",
                        "--mix-change", "ordering@90s", "--out", "{t}/sh"),
                c(3, "mix-change (browsing@10s) must change to another mix than browsing", "shop", "run",
                        "--mix-change", "browsing@10s", "--out", "{t}/sh"),
                c(3, "app-nodes (1) must be at least 2 for shop reconfigure (a node per tier, and one to move)", "shop",
                        "reconfigure", "--out", "{t}/rc"),
                c(3, "browse-nodes (3) must be from 1 to app-nodes - 1 (2)", "shop", "reconfigure", "--app-nodes", "3",
                        "--browse-nodes", "3", "--out", "{t}/rc"),
                c(3, "hysteresis (2.0) must be from 0 to 1 (a utilization)", "shop", "reconfigure", "--app-nodes", "2",
                        "--hysteresis", "2", "--out", "{t}/rc"),
                c(3, "window (50ms) must be at least 100ms", "shop", "reconfigure", "--app-nodes", "2", "--window",
                        "50ms", "--out", "{t}/rc"),
                c(3, "duration (10s) must hold at least three windows of 5s (before, move, after)", "shop",
                        "reconfigure", "--app-nodes", "2", "--duration", "10s", "--out", "{t}/rc"),
                c(3, "mix-change (ordering@120s) must fall inside the measurement interval (90s)", "shop",
                        "reconfigure", "--app-nodes", "2", "--mix-change", "ordering@2m", "--out", "{t}/rc"),
                c(3, "proxy-nodes (2) must be from 0 to app-nodes - 2 (1): the browse and order tiers start with a "
                        + "node each", "shop", "reconfigure", "--app-nodes", "3", "--proxy-nodes", "2", "--out",
                        "{t}/rc"),
                c(3, "browse-cache-entries (2000000) must be from 0 (no cache) to 1000000", "shop", "reconfigure",
                        "--app-nodes", "2", "--browse-cache-entries", "2000000", "--out", "{t}/rc"),
                c(2, "Unmatched argument at index 1: 'bogus'", "shop", "bogus"),
                // usl
                c(3, "file ({t}/missing.csv) does not exist", "usl", "{t}/missing.csv"),
                c(3, "points (0) must be at least 6 for a USL fit", "usl", "{t}/empty.csv"),
                c(3, "throughput on line 2 (abc) must be a finite number", "usl", "{t}/bad.csv"),
                c(3, "bootstrap (-1) must be at least 0", "usl", "--bootstrap", "-1", "{t}/good.csv"),
                c(2, "Invalid value for option '--bootstrap': '99999999999' is not an int", "usl", "--bootstrap",
                        "99999999999", "{t}/good.csv"),
                // tune
                c(3, "--out (missing) is required (or --resume DIR)", "tune", "{t}/empty.yaml"),
                c(3, "tuning file ({t}/missing.yaml) does not exist or is not a file", "tune", "--out", "{t}/tu",
                        "{t}/missing.yaml"),
                c(3, "{t}/empty.yaml:1: the file is empty", "tune", "--out", "{t}/tu", "{t}/empty.yaml"),
                c(3, "{t}/bad.yaml:2: not valid YAML: mapping values are not allowed here", "tune", "--out",
                        "{t}/tu", "{t}/bad.yaml"),
                c(3, "--budget (0) must be at least 1", "tune", "--budget", "0", "--out", "{t}/tb",
                        "examples/tune-command.yaml"),
                c(3, "--budget (-3) must be at least 1", "tune", "--budget", "-3", "--out", "{t}/tb",
                        "examples/tune-command.yaml"),
                c(2, "Invalid value for option '--budget': '99999999999' is not an int", "tune", "--budget",
                        "99999999999", "--out", "{t}/tb", "examples/tune-command.yaml"),
                c(3, "--strategy (nosuch) must be one of [nelder-mead, pro, random, lhs, gp, bandit]", "tune",
                        "--strategy", "nosuch", "--out", "{t}/tb", "examples/tune-command.yaml"),
                c(3, "--resume ({t}/missing) must be a directory written by tune (it has no tuning-file.txt)",
                        "tune", "--resume", "{t}/missing"),
                c(3, "--knowledge-base ({t}/kb) needs a tuning file with a target: section (workload mapping is for "
                        + "databases)", "tune", "--out", "{t}/tu", "--knowledge-base", "{t}/kb", "{t}/cmd.yaml"),
                c(3, "{t}/proto-slices.yaml:4: protocol.maxSlices (lots) must be auto or a whole number", "tune",
                        "--out", "{t}/tu", "{t}/proto-slices.yaml"),
                c(3, "{t}/proto-runs.yaml:4: protocol.revalidateRuns (1) must be at least 2 (an interval needs two "
                        + "runs of each), or auto", "tune", "--out", "{t}/tu", "{t}/proto-runs.yaml"),
                c(3, "{t}/proto-cap.yaml:4: protocol.measurementsPerTrial (5000) must be between 2 and 1000", "tune",
                        "--out", "{t}/tu", "{t}/proto-cap.yaml"),
                c(3, "{t}/proto-cap-auto.yaml:5: protocol.measurementsPerTrial (auto) must be a whole number", "tune",
                        "--out", "{t}/tu", "{t}/proto-cap-auto.yaml"),
                c(3, "{t}/one-workload.yaml:3: workloads (1 entries) must list at least 2 workloads (or none)",
                        "tune", "--out", "{t}/tu", "{t}/one-workload.yaml"),
                c(3, "{t}/shop-range.yaml:2: app_pool_size (5000) must be a whole number between 1 and 1024", "tune",
                        "--out", "{t}/tu", "{t}/shop-range.yaml"),
                c(3, "{t}/shop-key.yaml:1: target.users (users) is not a known key of a shop target; expected one of "
                        + "[appNodes, browsers, database, engine, items, measure, mix, objective, pgBin, proxy, rampDown, "
                        + "rampUp, revalidate, scaleDown, seed, stack, thinkScale]", "tune", "--out", "{t}/tu", "{t}/shop-key.yaml"),
                c(3, "{t}/shop-stack.yaml:1: target.stack (sometimes) must be fresh (a new stack per trial) or persistent (one "
                        + "stack per session, each trial's knobs applied by reload where the tier allows)", "tune",
                        "--out", "{t}/tu", "{t}/shop-stack.yaml"),
                c(3, "target.stack (persistent) applies the database tier's knobs [sort_buffer_size] live on postgres "
                        + "only; with database mariadb use stack: fresh", "tune", "--out", "{t}/tu",
                        "{t}/shop-live-mariadb.yaml"),
                c(3, "{t}/shop-knob.yaml:2: knob (work_mem) is not in the shop catalog; known: [proxy_cache_size, "
                        + "proxy_max_object, proxy_workers, proxy_worker_connections, proxy_fail_timeout, app_min_threads, "
                        + "app_max_threads, app_accept_queue, app_pool_size, app_cache_entries, app_cache_ttl_ms, "
                        + "app_page_max_age]", "tune", "--out", "{t}/tu", "{t}/shop-knob.yaml"),
                c(3, "{t}/shop-items.yaml:1: items (5) must be one of 1000, 10000, 100000, 1000000 (TPC-W sizes)", "tune", "--out", "{t}/tu", "{t}/shop-items.yaml"),
                c(3, "{t}/shop-objective.yaml:1: objective (p90:nosuch) must be wips or p90:<interaction> such as "
                        + "p90:buy-confirm (an interaction's page name)", "tune", "--out", "{t}/tu", "{t}/shop-objective.yaml"),
                c(3, "--study (notaurl) must be a PostgreSQL JDBC URL jdbc:postgresql://HOST:PORT/DATABASE (or "
                        + "'postgres' for a private instance)", "tune", "--study", "notaurl", "--out", "{t}/ts",
                        "{t}/cmd.yaml"),
                c(3, "--study (jdbc:postgresql://127.0.0.1:1/x?user=u&password=***) must not hold a password (the "
                        + "password comes from an environment variable only)", "tune", "--study",
                        "jdbc:postgresql://127.0.0.1:1/x?user=u&password=hunter2", "--out", "{t}/ts", "{t}/cmd.yaml"),
                c(3, "--study-name (bad name) must be 1 to 100 letters, digits, '.', '_' or '-', starting with a letter "
                        + "or digit", "tune", "--study", DOWN_URL, "--study-name", "bad name", "--out", "{t}/ts",
                        "{t}/cmd.yaml"),
                c(3, "--study-name (s1) needs --study URL (or --study postgres)", "tune", "--study-name", "s1",
                        "--out", "{t}/ts", "{t}/cmd.yaml"),
                c(3, "--study-user (bob) is for --study URL (a private instance has its own user)", "tune", "--study",
                        "postgres", "--study-user", "bob", "--out", "{t}/ts", "{t}/cmd.yaml"),
                c(3, "--study (" + DOWN_URL + ") cannot be reached (" + REFUSED + ")", "tune", "--study", DOWN_URL,
                        "--study-name", "s1", "--out", "{t}/ts-down", "{t}/cmd.yaml"),
                // export: the format, the directory read and the one written
                c(3, "--format (xlsx) must be parquet, csv or json", "export", "{t}", "--out", "{t}/ex", "--format",
                        "xlsx"),
                c(3, "DIR ({t}/nosuch) must be a results directory holding results.duckdb or that file", "export",
                        "{t}/nosuch", "--out", "{t}/ex"),
                c(2, "Missing required option: '--out=OUT'", "export", "{t}"),
                c(3, "--samples ({t}/nosuch) needs a results directory with thread samples (samples.tsraw, written "
                        + "by run --monitor or monitor --out)", "export", "{t}/nosuch", "--out", "{t}/ex", "--samples"),
                // check: the first error of each file, as run and tune would say it
                c(3, "{t}/cluster-key.yaml:3: cluster.trials (trials) is not a known key; expected one of [bench, "
                        + "failures, layout, modes, partitioning, reconfiguration, roundTimeoutSeconds, seed, shop, "
                        + "simulation, strategy, study, trialsPerMode]", "check", "{t}/cluster-key.yaml"),
                c(3, "{t}/badquick.yaml:3: quick.factors.users[0] (3) is not a level of the full plan [1, 2]", "check",
                        "{t}/badquick.yaml"),
                c(3, "{t}/bad.yaml:2: not valid YAML: mapping values are not allowed here", "check", "{t}/bad.yaml"),
                c(3, "tuning file ({t}/missing.yaml) does not exist or is not a file", "check", "{t}/missing.yaml"),
                c(3, "{t}/wl-param.yaml:3: transactions.get.sql (:k) is not a parameter of transaction get; declare "
                        + "it under parameters (known: [])", "check", "{t}/wl-param.yaml"),
                c(3, "{t}/wl-csv.yaml:5: csv file (nosuch.csv) does not exist or is not a file", "check",
                        "{t}/wl-csv.yaml"),
                // tune with a cluster: section
                c(3, "{t}/cluster-mode.yaml:2: cluster.modes[1] (fastest) must be one of default, duplication, "
                        + "partitioning", "tune", "--out", "{t}/tc", "{t}/cluster-mode.yaml"),
                c(3, "{t}/cluster-lines.yaml:2: cluster.layout.nodesPerTier.app (2) must be at least the number of "
                        + "lines (3): each work line has a node of every tier", "tune", "--out", "{t}/tc",
                        "{t}/cluster-lines.yaml"),
                c(3, "{t}/cluster-tier.yaml:2: cluster.layout.nodesPerTier.db (db) is not simulated; the simulated "
                        + "tiers are proxy and app", "tune", "--out", "{t}/tc", "{t}/cluster-tier.yaml"),
                c(3, "{t}/cluster-fail.yaml:3: cluster.failures.app9 (app9) is not a node of the layout; nodes are "
                        + "named <tier><i>, e.g. proxy1", "tune", "--out", "{t}/tc", "{t}/cluster-fail.yaml"),
                c(3, "{t}/cluster-key.yaml:3: cluster.trials (trials) is not a known key; expected one of [bench, "
                        + "failures, layout, modes, partitioning, reconfiguration, roundTimeoutSeconds, seed, shop, "
                        + "simulation, strategy, study, trialsPerMode]", "tune", "--out",
                        "{t}/tc", "{t}/cluster-key.yaml"),
                c(3, "{t}/cluster-beside.yaml:1: budget (budget) cannot be beside cluster: (a cluster tuning file "
                        + "has only that section)", "tune", "--out", "{t}/tc", "{t}/cluster-beside.yaml"),
                c(3, "{t}/cluster-trials.yaml:3: cluster.trialsPerMode (0) must be between 1 and 100000", "tune",
                        "--out", "{t}/tc", "{t}/cluster-trials.yaml"),
                c(3, "--budget (0) must be at least 1", "tune", "--budget", "0", "--out", "{t}/tc",
                        "{t}/cluster-mode.yaml"),
                c(3, "{t}/cluster-shop.yaml:3: cluster.layout.nodesPerTier.app (3) must be a multiple of the lines "
                        + "(2) on the shop's stack: every line has as many application nodes", "tune", "--out",
                        "{t}/tc", "{t}/cluster-shop.yaml"),
                c(3, "{t}/cluster-shop-key.yaml:4: cluster.shop.appNodes (2) is not set here: the nodes come from "
                        + "cluster.layout and the objective of a cluster is its WIPS", "tune", "--out", "{t}/tc",
                        "{t}/cluster-shop-key.yaml"),
                c(3, "{t}/cluster-reconf.yaml:4: cluster.reconfiguration.browseNodes (2) must be from 1 to "
                        + "appNodes - 1 (1): each tier starts with a node", "tune", "--out", "{t}/tc",
                        "{t}/cluster-reconf.yaml"),
                c(3, "{t}/cluster-reconf-sim.yaml:2: cluster.reconfiguration (present) is only for bench: shop",
                        "tune", "--out", "{t}/tc", "{t}/cluster-reconf-sim.yaml"),
                c(3, "{t}/cluster-part.yaml:3: cluster.partitioning (threads) must be in-process or processes",
                        "tune", "--out", "{t}/tc", "{t}/cluster-part.yaml"),
                c(3, "{t}/cluster-study.yaml:4: cluster.study (mysql://127.0.0.1/x) must be postgres (a private "
                        + "instance) or a PostgreSQL JDBC URL jdbc:postgresql://HOST:PORT/DB", "tune", "--out",
                        "{t}/tc", "{t}/cluster-study.yaml"),
                c(3, "{t}/cluster-studyonly.yaml:3: cluster.study (postgres) is only for partitioning: processes",
                        "tune", "--out", "{t}/tc", "{t}/cluster-studyonly.yaml"),
                c(3, "{t}/cluster-round.yaml:4: cluster.roundTimeoutSeconds (0) must be between 1 and 86400", "tune", "--out", "{t}/tc", "{t}/cluster-round.yaml"),
                c(3, "--study (missing) must be the URL of the study store that holds the comparison's rounds (a "
                        + "clusterLine: file)", "tune", "--out", "{t}/tl", "{t}/line-key.yaml"),
                c(3, "{t}/line-key.yaml:1: clusterLine.foo (foo) is not a known key; expected one of [clusterFile, "
                        + "comparison, line, roundTimeoutSeconds, seed, strategy, trials]", "tune", "--out", "{t}/tl",
                        "--study", "jdbc:postgresql://127.0.0.1:1/x", "{t}/line-key.yaml"),
                // tune-bench
                c(3, "budget (0) must be at least 1", "tune-bench", "--budget", "0"),
                c(2, "Invalid value for option '--budget': '99999999999' is not an int", "tune-bench", "--budget",
                        "99999999999"),
                c(3, "--seeds (0) must be at least 1", "tune-bench", "--seeds", "0"),
                c(3, "--threads (0) must be at least 1", "tune-bench", "--threads", "0"),
                c(3, "noise (-1.0) must be from 0 to 1 (a fraction of the scale)", "tune-bench", "--noise", "-1"),
                c(3, "quantum (1.0E20) must be from 0 to 1 (a fraction of the scale)", "tune-bench", "--quantum",
                        "1e20"),
                c(3, "dims (0) must be between 1 and 20", "tune-bench", "--dims", "0"),
                c(3, "function (nosuch) must be one of [sphere, rosenbrock, ackley, michalewicz, rastrigin]",
                        "tune-bench", "--functions", "nosuch"),
                c(3, "--strategies (nosuch) must be one of [nelder-mead, pro, random, lhs, gp, bandit]", "tune-bench",
                        "--strategies", "nosuch"),
                c(3, "out ({t}/afile) must be a directory, but {t}/afile is a file", "tune-bench", "--budget", "3",
                        "--seeds", "1", "--out", "{t}/afile"));
    }

    private static Arguments c(int exitCode, String message, String... args) {
        return Arguments.of(String.join(" ", args), exitCode, message, List.of(args));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void exitsWithTheCodeAndTheOneLineMessage(String line, int exitCode, String message, List<String> args) {
        String[] argv = args.stream().map(BadInputSweepTest::fill).toArray(String[]::new);
        Result r = execute(argv);
        String expected = (exitCode == ExitCode.USAGE ? "" : "tunescope: ") + fill(message);
        assertThat(r.stderr.lines().findFirst().orElse("")).as(line).isEqualTo(expected);
        assertThat(r.code).as(line + "\n" + r.stderr).isEqualTo(exitCode);
        assertThat(STACK_TRACE.matcher(r.stderr).find()).as("stack trace on stderr:\n" + r.stderr).isFalse();
        if (exitCode == ExitCode.BAD_INPUT) {
            assertThat(r.stderr.strip().lines()).as("one line: " + r.stderr).hasSize(1);
        }
    }

    @Test
    void everyCommandIsSwept() {
        List<String> swept = cases().map(a -> ((List<?>) a.get()[3]).get(0).toString()).distinct().sorted().toList();
        assertThat(swept).containsExactly("check", "demo", "export", "knobs", "monitor", "report", "run", "scale", "shop",
                "tune", "tune-bench", "usl");
        List<String> commands = Main.newCommandLine().getSubcommands().keySet().stream()
                .filter(n -> !n.equals("help")).sorted().toList();
        assertThat(swept).isEqualTo(commands);
    }

    private static String fill(String s) {
        return s.replace("{t}", t.toString()).replace("{port}", Integer.toString(taken.getLocalPort()))
                .replace("{silent}", Integer.toString(silent.getLocalPort()));
    }

    private record Result(int code, String stderr) {
    }

    private static Result execute(String... argv) {
        PrintStream err = System.err;
        PrintStream out = System.out;
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            int code = Main.execute(argv);
            return new Result(code, e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(err);
            System.setOut(out);
        }
    }

}
