package io.tunescope.experiment;

import io.tunescope.BadInputException;
import io.tunescope.Notices;
import io.tunescope.Outcome;
import io.tunescope.Progress;
import io.tunescope.config.JdbcUrls;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.server.PrivateServers;
import io.tunescope.experiment.monitor.RunMetrics;
import io.tunescope.experiment.monitor.RunObserver;
import io.tunescope.store.ConnectionsCsv;
import io.tunescope.store.DataCache;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.SpaceReserve;
import io.tunescope.workload.DataConfig;
import io.tunescope.workload.WorkloadConfig;
import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.workload.pgbench.PgbenchLoader;
import io.tunescope.workload.tpcc.TpccScale;
import io.tunescope.workload.agent.AgentEvent;
import io.tunescope.workload.agent.AgentProcess;
import io.tunescope.workload.agent.AgentSpec;
import io.tunescope.workload.tpch.PreparedCopy;
import io.tunescope.workload.tpch.PreparedTpch;
import io.tunescope.workload.tpch.TpchLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs one TPC-H configuration: starts every tenant (a private server, PostgreSQL or MariaDB, where asked, and one agent JVM per
 * tenant), waits until all are loaded, starts their users together, follows their progress, and always stops what it
 * started, also on failure or Ctrl-C. Whatever happens, summary.json and results.duckdb are written with what was
 * measured.
 */
public final class TpchRunner {
    private static final long POLL_MILLIS = 200;
    private static final long ABORT_WAIT_SECONDS = 20;

    private final TpchRunConfig config;
    private final RunObserver observer;
    private final Progress progress;
    private final List<TenantSlot> slots = new ArrayList<>();
    private final BlockingQueue<AgentProcess.TenantEvent> events = new LinkedBlockingQueue<>();
    private final CountDownLatch written = new CountDownLatch(1);
    private volatile boolean aborted;
    /** The external database's password when given in memory; null: read from the connection's variable. */
    private final String password;

    public TpchRunner(TpchRunConfig config, RunObserver observer) {
        this(config, observer, Progress.NONE);
    }

    public TpchRunner(TpchRunConfig config, RunObserver observer, Progress progress) {
        this(config, observer, progress, null);
    }

    /**
     * A run whose {@code jdbc} database takes {@code password} (held in memory by whoever started that server, such
     * as a tuning session's persistent private PostgreSQL) instead of the connection's environment variable.
     */
    public TpchRunner(TpchRunConfig config, RunObserver observer, Progress progress, String password) {
        this.config = config;
        this.observer = observer;
        this.progress = progress;
        this.password = password;
    }

    public RunOutcome run() throws IOException {
        ResultsDir.createOutput(config.output().dir());
        SpaceReserve reserve = SpaceReserve.claim(ResultsDir.of(config.output().dir()).spaceReserve());
        Instant startedAt = Instant.now();
        long startNanos = System.nanoTime();
        Thread hook = new Thread(this::abortFromSignal, "tunescope-abort");
        Runtime.getRuntime().addShutdownHook(hook);
        RunFailure failure = null;
        try {
            startTenants();
            awaitReady();
            observer.measurementStarting(tenantProcesses(), config.output().dir());
            for (TenantSlot slot : slots) {
                slot.agent.sendGo();
            }
            awaitDone();
        } catch (RunFailure e) {
            failure = e;
        } catch (BadInputException e) {
            failure = new RunFailure(e.getMessage(), e.outcome());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = new RunFailure("interrupted", Outcome.FAILURE);
        } catch (Exception e) {
            failure = new RunFailure(e.getClass().getSimpleName() + ": " + e.getMessage(), Outcome.FAILURE);
        } finally {
            stopEverything();
            removeHook(hook);
        }
        try {
            RunMetrics metrics = observerMetrics();
            reserve.close();
            return new SummaryWriter(config, slots, metrics).write(startedAt, startNanos, failure);
        } finally {
            reserve.close();
            written.countDown();
        }
    }

    private void startTenants() throws Exception {
        ConnectionConfig connection = config.connection();
        String password = this.password != null ? this.password : connection.readPassword();
        PrivateServers.Launcher servers = connection.engine().tenantRunsAs(Lifecycle.PRIVATE_SERVER)
                ? PrivateServers.locate(connection.engine(), connection.pgBin()) : null;
        PreparedCopy prepared = preparedCopy();
        ClusterCopies copies = ClusterCopies.prepare(config, servers, progress);
        for (int i = 0; i < config.placement().tenants(); i++) {
            String name = "t" + (i + 1);
            TenantSlot slot = new TenantSlot(name, ResultsDir.of(config.output().dir()).tenant(name),
                    config.placement().cpusOf(i), connection.engine().tenantRunsAs(Lifecycle.AGENT_HOSTED));
            slots.add(slot);
            Files.createDirectories(slot.dir);
            String url = connection.url();
            String user = connection.dbUser();
            String tenantPassword = password;
            if (servers != null) {
                checkNotAborted();
                try {
                    if (copies == null) {
                        slot.server = servers.start(slot.dir, slot.cpus, serverSettings(config));
                    } else {
                        copies.startServer(slot, servers, serverSettings(config));
                    }
                } catch (IOException e) {
                    throw new RunFailure("tenant " + name + ": " + e.getMessage(), Outcome.FAILURE);
                }
                url = slot.server.jdbcUrl();
                user = slot.server.user();
                tenantPassword = slot.server.password();
            }
            Path specFile = slot.files.agentSpec();
            // a server started on a prepared copy holds its data already: its agent loads nothing
            agentSpec(copies == null ? config : config.withData(config.data().withLoad(false)), slot.name,
                    slot.executionsCsv, url, user, prepared).write(specFile);
            checkNotAborted();
            slot.agent = AgentProcess.start(i, specFile, slot.files.agentLog(),
                    servers == null ? slot.cpus : null, url, tenantPassword, events);
        }
    }

    /** The private server's configuration lines: the run's own, then its knob settings rendered by the catalog. */
    public static List<String> serverSettings(TpchRunConfig config) {
        List<String> lines = new ArrayList<>(config.placement().serverSettings());
        lines.addAll(config.connection().engine().knobs().configLines(config.placement().engineSettings()));
        return lines;
    }

    /** The spec of one tenant's agent: the run's own records, the URL masked (the real one goes in its environment). */
    static AgentSpec agentSpec(TpchRunConfig config, String tenant, Path executionsCsv, String url, String user,
                               PreparedCopy prepared) {
        boolean embedded = config.connection().engine().tenantRunsAs(Lifecycle.AGENT_HOSTED);
        return new AgentSpec(tenant, config.connection().engine().id(),
                embedded ? null : JdbcUrls.redact(url), user, config.placement().duckdbThreads(),
                embedded ? config.connection().engine().knobs().statements(config.placement().engineSettings())
                        : List.of(), config.data(), config.workload(), executionsCsv.toAbsolutePath().toString(),
                prepared);
    }

    /**
     * The prepared copy every tenant copies its data from (built once per scale factor in the data cache), or null
     * when tenants generate their own: no cache configured, no load, or an engine whose tenants are not hosted by their
     * agent (private servers start on copies of their own prepared data directory: {@link ClusterCopies}).
     */
    private PreparedCopy preparedCopy() throws RunFailure, InterruptedException {
        if (config.workload().definition().kind() == WorkloadDefinition.Kind.TPCC) {
            return TpccCopies.prepare(config, progress);
        }
        DataConfig data = config.data();
        // prepared copies hold TPC-H (or TPC-C, above); pgbench loads its own tables
        if (!data.load() || data.dataCache() == null || config.workload().definition().transactions() != null
                || !config.connection().engine().tenantRunsAs(Lifecycle.AGENT_HOSTED)) {
            return null;
        }
        DataCache cache = new DataCache(Path.of(data.dataCache()));
        long rows = TpchLoader.estimatedRows(data.scaleFactor());
        try (Progress.Task bar = progress.start("prepare TPC-H SF " + data.scaleFactor() + " (once, in "
                + cache.root() + ")", rows, "rows")) {
            PreparedTpch.Result result = PreparedTpch.ensureDuckDb(cache, data.scaleFactor(), data.loadThreads(),
                    bar::step);
            if (result.built()) {
                Notices.say("tunescope: prepared TPC-H SF " + data.scaleFactor() + " once in "
                        + result.copy().file() + " (" + result.millis() + " ms); later cells and runs copy it");
            }
            return result.copy();
        } catch (IOException | SQLException e) {
            throw new RunFailure("preparing the TPC-H copy in " + cache.root() + ": " + e.getMessage(),
                    Outcome.FAILURE);
        }
    }

    private void awaitReady() throws RunFailure, InterruptedException {
        WorkloadDefinition.Kind kind = config.workload().definition().kind();
        boolean pgbench = kind == WorkloadDefinition.Kind.PGBENCH;
        long rowsPerTenant = pgbench ? PgbenchLoader.rowsAt(PgbenchLoader.scaleOf(config.data().scaleFactor()))
                : kind == WorkloadDefinition.Kind.TPCC
                ? TpccScale.rowsAt(TpchRunConfig.warehousesOf(config.data().scaleFactor()))
                : kind == WorkloadDefinition.Kind.FILE ? 0
                : TpchLoader.estimatedRows(config.data().scaleFactor());
        long totalRows = config.data().load() ? rowsPerTenant * slots.size() : 0;
        try (Progress.Task bar = config.data().load() ? progress.start(pgbench ? "load pgbench"
                : kind == WorkloadDefinition.Kind.TPCC ? "load TPC-C"
                : kind == WorkloadDefinition.Kind.FILE ? "set up " + config.workload().definition() : "load TPC-H",
                totalRows, "rows")
                : Progress.Task.NONE) {
            long shown = 0;
            while (!slots.stream().allMatch(s -> s.ready)) {
                handleNextEvent();
                long rows = Math.min(totalRows, slots.stream().mapToLong(s -> s.loadedRows).sum());
                bar.step(rows - shown);
                shown = rows;
            }
            bar.step(totalRows - shown);
        }
    }

    private void awaitDone() throws RunFailure, InterruptedException {
        WorkloadConfig workload = config.workload();
        boolean byTime = workload.duration() != null;
        long total = byTime ? workload.duration().toSeconds()
                : (long) slots.size() * workload.users() * (workload.iterations() + workload.warmupIterations())
                * workload.definition().executionsPerIteration();
        long goNanos = System.nanoTime();
        PhaseNote phases = PhaseNote.of(workload.definition());
        try (Progress.Task bar = progress.start("run " + workload.definition(), total, byTime ? "s" : "queries")) {
            long shown = 0;
            while (!slots.stream().allMatch(TenantSlot::finished)) {
                handleNextEvent();
                long now = byTime ? Math.min(total, (System.nanoTime() - goNanos) / 1_000_000_000L)
                        : Math.min(total, slots.stream().mapToLong(s -> s.executions).sum());
                bar.step(now - shown);
                shown = now;
                bar.note(phases.prefix(System.nanoTime() - goNanos, intervalNote()));
            }
        }
        for (TenantSlot slot : slots) {
            if (slot.failure != null) {
                throw new RunFailure("tenant " + slot.name + ": " + slot.failure, Outcome.FAILURE);
            }
        }
    }

    /** The last second's rate and latency over all tenants, for workloads of named transactions; else null. */
    private String intervalNote() {
        if (slots.stream().anyMatch(s -> s.intervalPerSec == null)) {
            return null;
        }
        double rate = slots.stream().mapToDouble(s -> s.intervalPerSec).sum();
        if (rate == 0) {
            return "0 tx/s";
        }
        double p50 = slots.stream().filter(s -> s.intervalP50Millis != null).mapToDouble(s -> s.intervalP50Millis)
                .max().orElse(0);
        double p99 = slots.stream().filter(s -> s.intervalP99Millis != null).mapToDouble(s -> s.intervalP99Millis)
                .max().orElse(0);
        return String.format(java.util.Locale.ROOT, "%.0f tx/s  p50 %.2f ms  p99 %.2f ms", rate, p50, p99);
    }

    /** Applies the next event, if one comes within the poll interval; throws when a tenant failed or died. */
    private void handleNextEvent() throws RunFailure, InterruptedException {
        checkNotAborted();
        AgentProcess.TenantEvent next = events.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
        if (next == null) {
            return;
        }
        TenantSlot slot = slots.get(next.tenantIndex());
        if (next.event() != null) {
            slot.apply(next.event());
            return;
        }
        slot.exitCode = next.exitCode();
        checkNotAborted();
        if (!slot.done) {
            String why = slot.failure != null ? slot.failure
                    : "its process (pid " + slot.agentPid + ") exited with code " + slot.exitCode + " before finishing";
            throw new RunFailure("tenant " + slot.name + ": " + why,
                    Outcome.ofExitCode(slot.exitCode) == Outcome.BAD_INPUT ? Outcome.BAD_INPUT : Outcome.FAILURE);
        }
    }

    private void checkNotAborted() throws RunFailure {
        if (aborted) {
            throw new RunFailure("interrupted (Ctrl-C): tenants stopped", Outcome.FAILURE);
        }
    }

    private List<RunObserver.TenantProcesses> tenantProcesses() {
        return slots.stream().map(s -> new RunObserver.TenantProcesses(s.name, config.connection().engine(), s.pids(),
                s.executionsCsv, connectionsOf(s))).toList();
    }

    /** Writes the tenant's connections file when its agent named each user's backend; its path, or null. */
    private static Path connectionsOf(TenantSlot slot) {
        if (slot.backendPids.isEmpty()) {
            return null;
        }
        try {
            ConnectionsCsv.write(slot.files.connections(), slot.backendPids);
            return slot.files.connections();
        } catch (IOException e) {
            Notices.say("tunescope: monitor: " + slot.name + ": per-connection attribution off, cannot write "
                    + slot.files.connections() + ": " + e.getMessage());
            return null;
        }
    }

    private void stopEverything() {
        try {
            observer.measurementStopped();
        } catch (Exception e) {
            Notices.say("tunescope: monitor: " + e.getMessage());
        }
        for (TenantSlot slot : slots) {
            if (slot.agent != null) {
                slot.agent.close();
            }
        }
        for (TenantSlot slot : slots) {
            stopServer(slot);
        }
    }

    /** What the observer derived from the finished run; an observer that fails gives none, never a failed run. */
    private RunMetrics observerMetrics() {
        try {
            return observer.measurementFinished();
        } catch (Exception e) {
            Notices.say("tunescope: monitor: " + e.getMessage());
            return RunMetrics.NONE;
        }
    }

    private void stopServer(TenantSlot slot) {
        if (slot.server == null) {
            return;
        }
        try {
            slot.server.close();
            if (!config.output().keepData()) {
                slot.server.deleteData();
            }
        } catch (IOException e) {
            Notices.say("tunescope: stopping the server of tenant " + slot.name + ": " + e.getMessage());
        }
    }

    /** Ctrl-C: kill the agents so the run loop ends, stop servers, and give the summary time to be written. */
    private void abortFromSignal() {
        aborted = true;
        for (TenantSlot slot : List.copyOf(slots)) {
            if (slot.agent != null) {
                slot.agent.kill();
            }
        }
        try {
            if (!written.await(ABORT_WAIT_SECONDS, TimeUnit.SECONDS)) {
                List.copyOf(slots).forEach(this::stopServer);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down (Ctrl-C): the hook is running and waits for the summary
        }
    }
}
