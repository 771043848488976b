package io.tunescope.experiment.monitor;

import io.tunescope.BadInputException;
import io.tunescope.Notices;
import io.tunescope.engine.Lifecycle;
import io.tunescope.monitor.ExactQueryMetrics;
import io.tunescope.monitor.Execution;
import io.tunescope.monitor.MonitorOptions;
import io.tunescope.monitor.MonitorReport;
import io.tunescope.monitor.MonitoredProcess;
import io.tunescope.monitor.QueryMetrics;
import io.tunescope.monitor.QueryMetricsCalculator;
import io.tunescope.monitor.Recording;
import io.tunescope.monitor.SamplingErrorStudy;
import io.tunescope.monitor.ThreadMonitor;
import io.tunescope.monitor.export.MetricsEndpoint;
import io.tunescope.monitor.proc.ClockTicks;
import io.tunescope.monitor.trace.TraceSummary;
import io.tunescope.store.ConnectionsCsv;
import io.tunescope.store.ExecutionCsv;
import io.tunescope.store.ExecutionRecord;
import io.tunescope.store.Json;
import io.tunescope.store.MonitorDir;
import io.tunescope.store.MonitorSummary;
import io.tunescope.store.QueryMetricsMean;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code tunescope run --monitor}: samples the tenants' threads during the measurement and attributes what it saw
 * to every execution. Writes {@code monitor/samples.tsraw} (raw samples), {@code monitor/monitor.json} (per-thread
 * totals) and {@code monitor/query-metrics.csv} (one line per execution), and gives each query entry of
 * {@code summary.json} its {@code metrics} (means over the query's measured executions). In exact mode
 * ({@code --exact}) a scheduler trace of the tenants runs across the measurement ({@link ExactRun}); each query's
 * metrics then gain {@code exact} (the same metrics from the trace), and {@code monitor/query-metrics-exact.csv}
 * holds them per execution. Where the tenant's connections file names each user's server process (PostgreSQL), an
 * execution is charged its own backend's and parallel workers' activity, not an equal share of the tenant's. The
 * monitor never fails a run: what it cannot do is reported on stderr and in
 * {@code monitor.json}.
 */
public final class RunMonitor implements RunObserver {
    private final MonitorOptions options;
    private final Integer metricsPort;
    private final Path exactTracefs;
    private final List<String> problems = new ArrayList<>();
    private final List<String> fallback = new ArrayList<>();
    private ExactRun exact;
    private TraceSummary trace;
    private final List<SamplingErrorStudy.Row> study = new ArrayList<>();
    private List<TenantProcesses> tenants = List.of();
    private MonitorDir dir;
    private ThreadMonitor monitor;
    private MetricsEndpoint endpoint;
    private Recording recording;

    public RunMonitor(MonitorOptions options, Integer metricsPort) {
        this(options, metricsPort, null);
    }

    /** {@code exactTracefs}: the tracefs root for exact mode beside sampling, null for sampling only. */
    public RunMonitor(MonitorOptions options, Integer metricsPort, Path exactTracefs) {
        this.options = options;
        this.metricsPort = metricsPort;
        this.exactTracefs = exactTracefs;
    }

    @Override
    public void measurementStarting(List<TenantProcesses> tenants, Path outDir) {
        this.tenants = List.copyOf(tenants);
        this.dir = ResultsDir.of(outDir).monitor();
        List<MonitoredProcess> processes = new ArrayList<>();
        for (TenantProcesses t : tenants) {
            processes.addAll(processesOf(t));
        }
        if (processes.isEmpty()) {
            warn("no tenant process on this machine to monitor (engine " + tenants.stream()
                    .map(t -> t.engine().id()).distinct().toList() + ")");
            return;
        }
        if (exactTracefs != null) {
            Set<Integer> pids = new TreeSet<>();
            processes.forEach(p -> pids.add(p.pid()));
            tenants.forEach(t -> t.pids().forEach(pid -> pids.add(pid.intValue())));
            exact = ExactRun.start(exactTracefs, options.procRoot(), List.copyOf(pids), this::warn, fallback);
        }
        try {
            monitor = ThreadMonitor.start(processes, options.withRawFile(dir.samples()));
            if (metricsPort != null) {
                endpoint = MetricsEndpoint.start(metricsPort, monitor.liveTotals(), ClockTicks.PER_SECOND);
                Notices.say("tunescope: metrics on http://127.0.0.1:" + endpoint.port() + "/metrics");
            }
        } catch (BadInputException | UncheckedIOException e) {
            warn("monitor not started: " + e.getMessage());
        }
    }

    /** The processes of one tenant, each with its engine's classifier of thread roles. */
    static List<MonitoredProcess> processesOf(TenantProcesses t) {
        List<MonitoredProcess> out = new ArrayList<>();
        if (t.pids().isEmpty()) {
            return out;
        }
        if (t.engine().tenantRunsAs(Lifecycle.PRIVATE_SERVER)) {
            // the server's own process first; its backends and parallel workers are its children
            out.add(new MonitoredProcess(t.name(), t.pids().get(0).intValue(), true,
                    t.engine().threadRoles(connectionTasks(t))));
        } else {
            for (long pid : t.pids()) {
                out.add(new MonitoredProcess(t.name(), (int) pid, false, t.engine().threadRoles()));
            }
        }
        return out;
    }

    /** The server tasks serving the tenant's users' connections, from its connections file; empty when unknown. */
    private static Collection<Integer> connectionTasks(TenantProcesses t) {
        if (t.connectionsCsv() == null) {
            return List.of();
        }
        try {
            return ConnectionsCsv.read(t.connectionsCsv()).values();
        } catch (IOException e) {
            return List.of();   // told once, when attribution reads the same file (connectionsOf)
        }
    }

    @Override
    public void measurementStopped() {
        if (monitor == null) {
            if (exact != null) {
                exact.close();
                exact = null;
            }
            return;
        }
        if (endpoint != null) {
            endpoint.close();
        }
        recording = monitor.stop();
        monitor = null;
        if (exact != null) {
            trace = exact.stop(dir.schedstatCheck(), this::warn);
        }
        MonitorReport report = MonitorReport.of(recording);
        Json.writeAtomically(dir.threadTotals(), report);
        for (String p : report.problems()) {
            warn("not measured: " + p);
        }
    }

    /** Attributes every execution of every tenant, writes query-metrics.csv, and closes the recording. */
    @Override
    public RunMetrics measurementFinished() {
        if (recording == null) {
            return RunMetrics.NONE;
        }
        Map<String, Map<String, QueryMetricsMean>> out = new HashMap<>();
        try (Recording r = recording; QueryMetricsCsv csv = new QueryMetricsCsv(dir.queryMetrics());
             QueryMetricsCsv exactCsv = trace == null ? null : new QueryMetricsCsv(dir.queryMetricsExact())) {
            for (TenantProcesses t : tenants) {
                out.put(t.name(), tenantMetrics(r, t, csv, exactCsv));
            }
            if (trace != null) {
                SamplingErrorFiles.write(dir, study);
            }
        } catch (IOException | RuntimeException e) {
            warn("per-query metrics incomplete: " + e.getMessage());
        } finally {
            recording = null;
        }
        return new RunMetrics(out, monitorSummary());
    }

    private Map<String, QueryMetricsMean> tenantMetrics(Recording r, TenantProcesses t, QueryMetricsCsv csv,
                                                        QueryMetricsCsv exactCsv) throws IOException {
        List<ExecutionRecord> records = ExecutionCsv.readAll(t.executionsCsv());
        Map<Integer, Integer> connections = connectionsOf(t, r);
        List<Execution> executions = records.stream().map(e -> new Execution(e.tenant(), e.user(), e.query(),
                e.startNanos(), e.startNanos() + e.responseNanos(), connections.getOrDefault(e.user(), 0))).toList();
        List<QueryMetrics> metrics = QueryMetricsCalculator.attributeAll(r, executions);
        List<QueryMetrics> exactMetrics = trace == null ? null
                : ExactQueryMetrics.attributeAll(trace, r.threads(), executions);
        Map<String, List<QueryMetrics>> measured = new LinkedHashMap<>();
        Map<String, List<QueryMetrics>> measuredExact = new LinkedHashMap<>();
        for (int i = 0; i < records.size(); i++) {
            csv.write(records.get(i), metrics.get(i));
            if (exactCsv != null) {
                exactCsv.write(records.get(i), exactMetrics.get(i));
            }
            if (records.get(i).phase() == ExecutionRecord.Phase.MEASURE && !records.get(i).failed()) {
                measured.computeIfAbsent(records.get(i).query(), q -> new ArrayList<>()).add(metrics.get(i));
                if (exactMetrics != null) {
                    measuredExact.computeIfAbsent(records.get(i).query(), q -> new ArrayList<>())
                            .add(exactMetrics.get(i));
                }
            }
        }
        if (exactMetrics != null) {
            studySamplingError(r, records, executions, metrics);
        }
        Map<String, QueryMetricsMean> perQuery = new LinkedHashMap<>();
        measured.forEach((q, list) -> {
            QueryMetricsMean mean = QueryMetrics.meanOf(list);
            List<QueryMetrics> x = measuredExact.get(q);
            perQuery.put(q, x == null ? mean : mean.withExact(QueryMetrics.meanOf(x)));
        });
        return perQuery;
    }

    /**
     * The server process of each user's connection; empty (equal shares) when unknown or unreadable, or when the
     * recording has no thread serving one of them (a server whose classifier does not tell connections apart).
     */
    private Map<Integer, Integer> connectionsOf(TenantProcesses t, Recording r) {
        if (t.connectionsCsv() == null) {
            return Map.of();
        }
        Map<Integer, Integer> connections;
        try {
            connections = ConnectionsCsv.read(t.connectionsCsv());
        } catch (IOException e) {
            warn(t.name() + ": per-connection attribution off (equal shares): " + e.getMessage());
            return Map.of();
        }
        Set<Integer> served = new TreeSet<>();
        r.threads().stream().filter(th -> th.tenant().equals(t.name())).forEach(th -> served.add(th.connectionPid()));
        return served.containsAll(connections.values()) ? connections : Map.of();
    }

    /** The measured executions resampled from the trace, and the live sampler's figures, against exact. */
    private void studySamplingError(Recording r, List<ExecutionRecord> records, List<Execution> executions,
                                    List<QueryMetrics> sampled) {
        List<Execution> measured = new ArrayList<>();
        List<QueryMetrics> measuredSampled = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            if (records.get(i).phase() == ExecutionRecord.Phase.MEASURE && !records.get(i).failed()) {
                measured.add(executions.get(i));
                measuredSampled.add(sampled.get(i));
            }
        }
        study.addAll(SamplingErrorStudy.resampled(trace, r.threads(), measured, r.startNanos(),
                SamplingErrorFiles.INTERVALS_NANOS));
        study.addAll(SamplingErrorStudy.live(trace, r.threads(), measured, measuredSampled,
                r.interval().toNanos() / 1e6));
    }

    private MonitorSummary monitorSummary() {
        if (exact != null && exact.summary() != null) {
            return exact.summary();
        }
        return MonitorSummary.sampled(fallback.isEmpty() ? null : fallback.get(0));
    }

    public List<String> problems() {
        return List.copyOf(problems);
    }

    private void warn(String message) {
        problems.add(message);
        Notices.say("tunescope: monitor: " + message);
    }
}
