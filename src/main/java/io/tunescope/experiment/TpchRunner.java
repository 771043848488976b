package io.tunescope.experiment;

import io.tunescope.BadInputException;
import io.tunescope.Progress;
import io.tunescope.config.JdbcUrls;
import io.tunescope.engine.EngineKind;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.Json;
import io.tunescope.workload.agent.AgentEvent;
import io.tunescope.workload.agent.AgentProcess;
import io.tunescope.workload.agent.AgentSpec;
import io.tunescope.workload.tpch.TpchLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs one TPC-H configuration: starts every tenant (a private PostgreSQL cluster where asked, and one agent JVM per
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

    public TpchRunner(TpchRunConfig config, RunObserver observer) {
        this(config, observer, Progress.NONE);
    }

    public TpchRunner(TpchRunConfig config, RunObserver observer, Progress progress) {
        this.config = config;
        this.observer = observer;
        this.progress = progress;
    }

    public RunOutcome run() throws IOException {
        Files.createDirectories(config.outDir());
        Instant startedAt = Instant.now();
        long startNanos = System.nanoTime();
        Thread hook = new Thread(this::abortFromSignal, "tunescope-abort");
        Runtime.getRuntime().addShutdownHook(hook);
        RunFailure failure = null;
        try {
            startTenants();
            awaitReady();
            observer.measurementStarting(tenantProcesses(), config.outDir());
            for (TenantSlot slot : slots) {
                slot.agent.sendGo();
            }
            awaitDone();
        } catch (RunFailure e) {
            failure = e;
        } catch (BadInputException e) {
            failure = new RunFailure(e.getMessage(), 3);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = new RunFailure("interrupted", 1);
        } catch (Exception e) {
            failure = new RunFailure(e.getClass().getSimpleName() + ": " + e.getMessage(), 1);
        } finally {
            stopEverything();
            removeHook(hook);
        }
        try {
            return new SummaryWriter(config, slots, observerMetrics()).write(startedAt, startNanos, failure);
        } finally {
            written.countDown();
        }
    }

    private void startTenants() throws Exception {
        String password = config.passwordEnv() == null ? null : System.getenv(config.passwordEnv());
        PostgresBinaries binaries = config.engine() == EngineKind.POSTGRES ? PostgresBinaries.locate(config.pgBin()) : null;
        for (int i = 0; i < config.tenants(); i++) {
            String name = "t" + (i + 1);
            TenantSlot slot = new TenantSlot(name, config.outDir().resolve("tenants").resolve(name),
                    config.cpus() == null ? null : config.cpus().get(i), config.engine() == EngineKind.DUCKDB);
            slots.add(slot);
            Files.createDirectories(slot.dir);
            String url = config.url();
            String user = config.dbUser();
            String tenantPassword = password;
            if (binaries != null) {
                checkNotAborted();
                slot.server = PostgresServer.start(binaries, slot.dir, slot.cpus, config.serverSettings());
                url = slot.server.jdbcUrl();
                user = slot.server.user();
                tenantPassword = slot.server.password();
            }
            AgentSpec spec = agentSpec(slot, url, user);
            Path specFile = slot.dir.resolve("agent.json");
            Json.writeAtomically(specFile, spec);
            checkNotAborted();
            slot.agent = AgentProcess.start(i, specFile, slot.dir.resolve("agent.log"),
                    binaries == null ? slot.cpus : null, url, tenantPassword, events);
        }
    }

    private AgentSpec agentSpec(TenantSlot slot, String url, String user) {
        boolean embedded = config.engine() == EngineKind.DUCKDB;
        return new AgentSpec(slot.name, embedded ? AgentSpec.ENGINE_DUCKDB : AgentSpec.ENGINE_JDBC,
                embedded ? null : JdbcUrls.redact(url), user, config.load(), config.scaleFactor(), config.loadThreads(), config.users(),
                config.workload().kind() == io.tunescope.workload.WorkloadDefinition.Kind.SINGLE
                        ? "single:Q" + config.workload().singleQuery() : "sequence",
                config.workload().permuted(), config.waitAfterQuery().toMillis(),
                config.duration() == null ? 0 : config.duration().toMillis(), config.iterations(),
                config.warmupIterations(), config.prepared(), config.validate(), config.seed(),
                slot.executionsCsv.toAbsolutePath().toString(), config.duckdbThreads());
    }

    private void awaitReady() throws RunFailure, InterruptedException {
        long totalRows = config.load() ? TpchLoader.estimatedRows(config.scaleFactor()) * slots.size() : 0;
        try (Progress.Task bar = config.load() ? progress.start("load TPC-H", totalRows, "rows")
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
        boolean byTime = config.duration() != null;
        long total = byTime ? config.duration().toSeconds()
                : (long) slots.size() * config.users() * (config.iterations() + config.warmupIterations())
                * config.workload().queries(0, 0).size();
        long goNanos = System.nanoTime();
        try (Progress.Task bar = progress.start("run " + config.workload(), total, byTime ? "s" : "queries")) {
            long shown = 0;
            while (!slots.stream().allMatch(TenantSlot::finished)) {
                handleNextEvent();
                long now = byTime ? Math.min(total, (System.nanoTime() - goNanos) / 1_000_000_000L)
                        : Math.min(total, slots.stream().mapToLong(s -> s.executions).sum());
                bar.step(now - shown);
                shown = now;
            }
        }
        for (TenantSlot slot : slots) {
            if (slot.failure != null) {
                throw new RunFailure("tenant " + slot.name + ": " + slot.failure, 1);
            }
        }
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
            throw new RunFailure("tenant " + slot.name + ": " + why, slot.exitCode == 3 ? 3 : 1);
        }
    }

    private void checkNotAborted() throws RunFailure {
        if (aborted) {
            throw new RunFailure("interrupted (Ctrl-C): tenants stopped", 1);
        }
    }

    private List<RunObserver.TenantProcesses> tenantProcesses() {
        return slots.stream().map(s -> new RunObserver.TenantProcesses(s.name, config.engine(), s.pids(),
                s.executionsCsv)).toList();
    }

    private void stopEverything() {
        try {
            observer.measurementStopped();
        } catch (Exception e) {
            System.err.println("tunescope: monitor: " + e.getMessage());
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
            System.err.println("tunescope: monitor: " + e.getMessage());
            return RunMetrics.NONE;
        }
    }

    private void stopServer(TenantSlot slot) {
        if (slot.server == null) {
            return;
        }
        try {
            slot.server.close();
            if (!config.keepData()) {
                slot.server.deleteData();
            }
        } catch (IOException e) {
            System.err.println("tunescope: stopping PostgreSQL of tenant " + slot.name + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
