package io.tunescope.experiment;

import io.tunescope.engine.CpuList;
import io.tunescope.engine.postgres.PostgresServer;
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
    PostgresServer server;
    AgentProcess agent;
    Long agentPid;
    long loadedRows;
    boolean ready;
    boolean done;
    Integer exitCode;
    String failure;
    String engineVersion;
    List<Long> backendPids = List.of();
    Long loadRows;
    Long loadMillis;
    Long indexMillis;
    long executions;
    long measureStartNanos;
    long measureEndNanos;
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

    void apply(AgentEvent event) {
        switch (event.event()) {
            case AgentEvent.HELLO -> agentPid = event.pid();
            case AgentEvent.LOAD_PROGRESS -> loadedRows = event.rows();
            case AgentEvent.READY -> {
                ready = true;
                engineVersion = event.engineVersion();
                backendPids = event.backendPids() == null ? List.of() : event.backendPids();
                loadRows = event.rows();
                loadMillis = event.loadMillis();
                indexMillis = event.indexMillis();
            }
            case AgentEvent.PROGRESS -> executions = event.executions();
            case AgentEvent.VALIDATION -> {
                validations.merge(event.query(), event.ok(), Boolean::logicalAnd);
                if (!event.ok()) {
                    validationDetails.putIfAbsent(event.query(), event.detail());
                }
            }
            case AgentEvent.DONE -> {
                done = true;
                executions = event.executions();
                measureStartNanos = event.measureStartNanos();
                measureEndNanos = event.measureEndNanos();
                if (event.message() != null) {
                    failure = event.message();
                }
            }
            case AgentEvent.FAILED -> failure = event.message();
            default -> {
                // newer agents may send events this controller does not know: ignore them
            }
        }
    }
}
