package io.tunescope.experiment;

import io.tunescope.engine.CpuList;
import io.tunescope.engine.PrivateServer;
import io.tunescope.store.EngineReading;
import io.tunescope.store.TenantDir;
import io.tunescope.workload.agent.AgentEvent;
import io.tunescope.workload.agent.AgentProcess;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the controller knows about one tenant while a run is going on. */
final class TenantSlot {
    final String name;
    final Path dir;
    final TenantDir files;
    final Path executionsCsv;
    final CpuList cpus;
    /** True for DuckDB: the agent process is the tenant's engine process. */
    final boolean engineHostedInAgent;
    PrivateServer server;
    AgentProcess agent;
    Long agentPid;
    long loadedRows;
    boolean ready;
    boolean done;
    Integer exitCode;
    String failure;
    /** TPC-C's verdict after the run ({@code passed} or the failed conditions); null when not checked. */
    String consistency;
    String engineVersion;
    List<Long> backendPids = List.of();
    Long loadRows;
    Long loadMillis;
    Long indexMillis;
    /** Rows and milliseconds of the server's copy of a prepared data directory, when it started on one. */
    Long preparedRows;
    Long preparedMillis;
    long executions;
    /** The last progress interval's rate and response-time percentiles (workloads of named transactions only). */
    Double intervalPerSec;
    Double intervalP50Millis;
    Double intervalP99Millis;
    long measureStartNanos;
    long measureEndNanos;
    /** The database's own readings: settings, counters before and after the users (null until the agent sends them). */
    EngineReading settingsReading;
    EngineReading countersBefore;
    EngineReading countersAfter;
    final Map<String, Boolean> validations = new LinkedHashMap<>();
    final Map<String, String> validationDetails = new LinkedHashMap<>();

    TenantSlot(String name, TenantDir files, CpuList cpus, boolean engineHostedInAgent) {
        this.engineHostedInAgent = engineHostedInAgent;
        this.name = name;
        this.files = files;
        this.dir = files.root();
        this.executionsCsv = files.executions();
        this.cpus = cpus;
    }

    boolean finished() {
        return done || exitCode != null;
    }

    /** The tenant's process ids: the postmaster and users' backends, or the agent that hosts the engine. */
    List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        if (server != null) {
            pids.add(server.pid());
            pids.addAll(backendPids);
        } else if (agentPid != null && engineHostedInAgent) {
            pids.add(agentPid);
        } else {
            pids.addAll(backendPids);
        }
        return pids;
    }

    /** Takes in what one event says: one branch per kind (Java 17 has no switch over types outside preview). */
    void apply(AgentEvent event) {
        if (event instanceof AgentEvent.Hello e) {
            agentPid = e.pid();
        } else if (event instanceof AgentEvent.LoadProgress e) {
            loadedRows = e.rows();
        } else if (event instanceof AgentEvent.Ready e) {
            ready = true;
            engineVersion = e.engineVersion();
            backendPids = e.backendPids() == null ? List.of() : e.backendPids();
            loadRows = preparedRows != null ? preparedRows : e.rows();
            loadMillis = preparedMillis != null ? preparedMillis : e.loadMillis();
            indexMillis = preparedMillis != null ? Long.valueOf(0) : e.indexMillis();
        } else if (event instanceof AgentEvent.Progress e) {
            executions = e.executions();
            intervalPerSec = e.perSec();
            intervalP50Millis = e.p50Millis();
            intervalP99Millis = e.p99Millis();
        } else if (event instanceof AgentEvent.Validation e) {
            validations.merge(e.query(), e.ok(), Boolean::logicalAnd);
            if (!e.ok()) {
                validationDetails.putIfAbsent(e.query(), e.detail());
            }
        } else if (event instanceof AgentEvent.Done e) {
            done = true;
            executions = e.executions();
            measureStartNanos = e.measureStartNanos();
            measureEndNanos = e.measureEndNanos();
            consistency = e.consistency();
            if (e.message() != null) {
                failure = e.message();
            }
        } else if (event instanceof AgentEvent.DatabaseReading e) {
            switch (e.moment()) {
                case SETTINGS -> settingsReading = e.reading();
                case BEFORE -> countersBefore = e.reading();
                case AFTER -> countersAfter = e.reading();
            }
        } else if (event instanceof AgentEvent.Failed e) {
            failure = e.message();
        }
    }
}
